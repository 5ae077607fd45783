import FuzzSupport
import SproutGeo

/// GPX: read or refused with a line; what is read writes back and reads again to the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPX(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    if let points = try? GPX.read(FuzzInput.text(data, count), file: "fuzz.gpx") {
        let again = try? GPX.read(GPX.write(points), file: "again.gpx")
        if again?.count != points.count { fatalError("GPX round trip lost waypoints") }
    }
    return 0
}
