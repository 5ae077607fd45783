/// Why the data of an image Sprout decodes itself (KTX 2.0: BasisLZ, UASTC, Zstandard; DDS) does
/// not decode, in words for the person who has to look at the file: what is wrong or unsupported.
/// Each codec's public entry turns it into `ImageCodec.Failure.undecodable`, naming the source.
struct ImageDataError: Error {
    /// The reason, naming what is wrong or unsupported.
    let reason: String
}
