import Foundation
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// KHR_meshopt_compression's version 1 attribute streams, decoded by Sprout itself (Debian's
/// meshoptimizer reads version 0 only): against meshoptimizer's own encoder's output, and
/// version 0 against the library's decoder.
@Suite struct MeshoptAttributesTests {
    static let fixtures = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/"

    func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + name))) }

    /// Each stream gives back exactly the bytes meshoptimizer encoded (Fixtures/README.md):
    /// byte and 2-byte deltas, XOR deltas rotated, and two blocks (256 elements, then 44).
    @Test(arguments: [("meshopt-v1-block", 16), ("meshopt-v1-xor", 8), ("meshopt-v1-two-blocks", 8)])
    func versionOneStreamsDecodeToWhatWasEncoded(name: String, stride: Int) throws {
        let stream = try fixture(name + ".bin"), raw = try fixture(name + ".raw")
        #expect(stream.first == 0xa1)
        #expect(try MeshoptAttributes.decode(stream[...], count: raw.count / stride, stride: stride) == raw)
    }

    /// Version 0 (EXT_meshopt_compression's), as Debian's meshoptimizer 0.18 writes it: the same
    /// bytes as the library decodes, for vertices of 4 to 64 bytes in one block and several.
    @Test func versionZeroDecodesAsTheLibraryDoes() throws {
        var generator = SeededRandom(seed: 7)
        for (count, stride) in [(1, 4), (17, 12), (300, 64), (1_000, 8)] {
            let vertices = (0..<(count * stride)).map { i in UInt8(truncatingIfNeeded: (i / stride) * 3 + Int(generator.next() % 5)) }
            let stream = try MeshoptCodec.encode(vertices: vertices, stride: stride)
            #expect(stream.first == 0xa0)
            #expect(try MeshoptAttributes.decode(stream[...], count: count, stride: stride) == vertices)
            #expect(try MeshoptCodec.decode(stream[...], count: count, stride: stride, mode: "ATTRIBUTES", filter: "NONE") == vertices)
        }
    }

    /// A broken stream is refused with a reason at every cut and for thousands of bytes changed
    /// at random: never a trap, never bytes read past its end.
    @Test func brokenStreamsAreRefusedNotTrapped() throws {
        let stream = try fixture("meshopt-v1-block.bin"), raw = try fixture("meshopt-v1-block.raw")
        for length in 0..<stream.count {
            #expect(throws: MeshoptCodec.MeshoptError.self) { try MeshoptAttributes.decode(stream[..<length], count: 40, stride: 16) }
        }
        #expect(throws: MeshoptCodec.MeshoptError("the stream does not begin with an attribute header (0xa0 or 0xa1)")) {
            try MeshoptAttributes.decode([0xa2] + stream.dropFirst(), count: 40, stride: 16)
        }
        // One byte more before the tail is refused: the stream must end where its tail begins.
        #expect(throws: MeshoptCodec.MeshoptError("1 bytes are left between the data and the tail")) {
            try MeshoptAttributes.decode(stream[..<(stream.count - 20)] + [0] + stream[(stream.count - 20)...], count: 40, stride: 16)
        }
        var generator = SeededRandom(seed: 11)
        var decoded = 0
        for _ in 0..<3_000 {
            var broken = stream
            for _ in 0..<Int(1 + generator.next() % 3) { broken[Int(generator.next() % UInt64(broken.count))] = UInt8(truncatingIfNeeded: generator.next()) }
            if let bytes = try? MeshoptAttributes.decode(broken[...], count: 40, stride: 16) {
                #expect(bytes.count == raw.count)
                decoded += 1
            }
        }
        #expect(decoded < 3_000)
        // Channel mode 3 is none of the extension's.
        var badMode = stream
        badMode[badMode.count - 4] = 3
        #expect(throws: MeshoptCodec.MeshoptError("channel mode 0x3 is not one of the extension's")) {
            try MeshoptAttributes.decode(badMode[...], count: 40, stride: 16)
        }
    }
}
