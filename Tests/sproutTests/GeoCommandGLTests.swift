import SproutImage
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import sprout

/// `sprout geo` offscreen, in the serialized CLI GL suite.
extension RenderCommandGLTests {
    @Test func geoAddsAnAnchorOnceLocalisedAndSavesAndReloadsItsGPX() throws {
        let dir = try Fixtures.temporaryDirectory("geo")
        let gpx = dir + "/anchors.gpx"
        try GeoCommand.parse(["--size", "160x90", "--frames", "2", "--output", dir + "/a", "--gpx", gpx]).run()
        let first = String(decoding: FileManager.default.contents(atPath: gpx) ?? Data(), as: UTF8.self)
        #expect(first.contains("<wpt lat=\"37.79") && first.contains("<name>anchor 1</name>"))
        // Loading the file adds the same anchor back (and saves it unchanged).
        try GeoCommand.parse(["--size", "160x90", "--frames", "2", "--output", dir + "/b", "--gpx", gpx]).run()
        #expect(String(decoding: FileManager.default.contents(atPath: gpx) ?? Data(), as: UTF8.self) == first)
        #expect(try ImageFile.read(path: dir + "/b/frame-001.png").width == 160)
    }

    /// A GPX with more than waypoints (a track, metadata, descriptions) is never rewritten
    /// (issue 30, item 14): its waypoints load, and the anchors are saved beside it.
    @Test func aGPXWithATrackIsLeftAsItIs() throws {
        let dir = try Fixtures.temporaryDirectory("geo-track")
        let walk = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="x"><metadata><name>My walk</name></metadata>
            <wpt lat="37.7955" lon="-122.3937"><name>Ferry</name><desc>keep me</desc></wpt>
            <trk><name>route</name><trkseg><trkpt lat="37.79" lon="-122.39"/></trkseg></trk>
            </gpx>
            """
        try Fixtures.write(walk, to: dir + "/walk.gpx")
        try GeoCommand.parse(["--size", "160x90", "--frames", "1", "--output", dir + "/a", "--gpx", dir + "/walk.gpx"]).run()
        #expect(String(decoding: FileManager.default.contents(atPath: dir + "/walk.gpx") ?? Data(), as: UTF8.self) == walk)
        let saved = String(decoding: FileManager.default.contents(atPath: dir + "/walk.anchors.gpx") ?? Data(), as: UTF8.self)
        #expect(saved.contains("<name>Ferry</name>"))
    }

    @Test func aMalformedGPXIsRefusedWithItsLine() throws {
        let dir = try Fixtures.temporaryDirectory("geo-bad")
        try Fixtures.write("<gpx>\n<wpt lat=\"200\" lon=\"0\"></wpt>\n</gpx>\n", to: dir + "/bad.gpx")
        let error = #expect(throws: (any Error).self) {
            try GeoCommand.parse(["--output", dir + "/frames", "--gpx", dir + "/bad.gpx"]).run()
        }
        #expect("\(error!)" == dir + "/bad.gpx:2: lat=\"200\" must be a number in -90.0...90.0")
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"))
    }
}
