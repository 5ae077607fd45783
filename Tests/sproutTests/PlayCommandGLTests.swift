import SproutImage
import SproutTesting
import Testing
import Foundation
@testable import sprout

/// `sprout play` with pictures, in the serialized CLI GL suite.
extension RenderCommandGLTests {
    @Test func playWritesSnapshotsAndAGIFThatAreTheSameEveryRun() throws {
        let dir = try Fixtures.temporaryDirectory("play-frames")
        try Fixtures.write(
            """
            viewport: [160, 90]
            seed: 3
            steps:
              - wait: 3
              - place: pot
              - wait: 0.2
              - snapshot: placed
            """, to: dir + "/small.yaml")
        for run in ["a", "b"] {
            try PlayCommand.parse([dir + "/small.yaml", "--output", dir + "/" + run, "--video", dir + "/\(run).gif"]).run()
        }
        let a = try ImageFile.read(path: dir + "/a/placed.png"), b = try ImageFile.read(path: dir + "/b/placed.png")
        #expect(a.width == 160 && a.height == 90)
        #expect(a == b)
        // The pot stands in the middle: a terracotta pixel at the centre (red over blue).
        let centre = a[80, 44]
        #expect(centre.r > centre.b, "centre \(centre)")
        let gifA = try #require(FileManager.default.contents(atPath: dir + "/a.gif"))
        let gifB = try #require(FileManager.default.contents(atPath: dir + "/b.gif"))
        #expect(gifA == gifB && gifA.count > 1000)
    }

    /// MP4 through ffmpeg (installed by Scripts/install-dependencies): every frame, the script's
    /// size and rate, so the duration is the script's simulated time. ffprobe reads it back.
    @Test func playWritesAnMP4OfEveryFrame() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else {
            Issue.record("ffmpeg is not installed (Scripts/install-dependencies installs it)")
            return
        }
        let dir = try Fixtures.temporaryDirectory("play-mp4")
        try Fixtures.write("viewport: [160, 90]\nfps: 30\nsteps:\n  - wait: 2\n", to: dir + "/s.yaml")
        try PlayCommand.parse([dir + "/s.yaml", "--output", dir + "/out", "--frames", "none", "--video", dir + "/s.mp4"]).run()
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=width,height,nb_read_frames,avg_frame_rate:format=duration", "-of", "default=noprint_wrappers=1", dir + "/s.mp4"
        ]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try Tool.wait(probe, timeout: 60)
        let fields = Dictionary(
            text.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { a, _ in a })
        #expect(fields["width"] == "160" && fields["height"] == "90")
        #expect(fields["nb_read_frames"] == "60")   // 2 s at 30 frames a second
        #expect(fields["avg_frame_rate"] == "30/1")
        #expect(abs((Double(fields["duration"] ?? "") ?? 0) - 2.0) < 0.05)
        // --video-width scales it.
        try PlayCommand.parse([dir + "/s.yaml", "--output", dir + "/out", "--frames", "none", "--video", dir + "/w.mp4", "--video-width", "80"]).run()
        #expect(FileManager.default.fileExists(atPath: dir + "/w.mp4"))
    }
}
