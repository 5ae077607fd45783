import Dispatch
import Synchronization
import Foundation
import SproutTesting
import Testing
@testable import SproutFiles

/// Writes respect what is at the path: `sprout render --output /dev/full` replaced the device
/// node with a PNG file (the temporary-file-and-rename write).
@Suite struct OutputFileTests {
    @Test func aRegularFileIsReplacedWholeAndNoTemporaryFileStays() throws {
        let dir = try Fixtures.temporaryDirectory("out")
        try OutputFile.write("first", to: dir + "/a.txt")
        try OutputFile.write("second", to: dir + "/a.txt")
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.txt"])
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/a.txt")[.posixPermissions] as? Int
        #expect(mode == 0o644 & ~0o022 || mode == 0o644)
    }

    /// `sprout render` into a folder that is not there: made, and taken away when the render fails.
    @Test func aNewFolderIsTakenAwayWhenTheWorkFailsAndAnOldOneStays() throws {
        let dir = try Fixtures.temporaryDirectory("out-folder")
        struct Failed: Error {}
        #expect(throws: Failed.self) { try OutputFile.inFolder(for: dir + "/new/x.png") { throw Failed() } }
        #expect(!FileManager.default.fileExists(atPath: dir + "/new"))
        #expect(throws: Failed.self) { try OutputFile.inFolder(for: dir + "/x.png") { throw Failed() } }
        #expect(FileManager.default.fileExists(atPath: dir))
        #expect(try OutputFile.inFolder(for: dir + "/kept/x.png") { 7 } == 7)
        #expect(FileManager.default.fileExists(atPath: dir + "/kept"))
    }

    @Test func aDeviceIsWrittenThroughNotReplaced() throws {
        let error = #expect(throws: OutputFileError.self) { try OutputFile.write([1, 2, 3], to: "/dev/full") }
        #expect(error?.description == "cannot write /dev/full: No space left on device")
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)   // still the device
        try OutputFile.write([1, 2, 3], to: "/dev/null")
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let dir = try Fixtures.temporaryDirectory("fifo")
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader that reads to the end (Foundation's `contents(atPath:)` may take a FIFO's size of 0
        // at its word and close early, and the writer then dies of SIGPIPE).
        let received = Mutex<[UInt8]>([])
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 256), all: [UInt8] = []
            while fd >= 0 {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                all += buffer[..<n]
            }
            if fd >= 0 { close(fd) }
            received.withLock { $0 = all }
            done.signal()
        }
        reader.start()
        try OutputFile.write("through the pipe", to: fifo)
        done.wait()
        #expect(received.withLock { String(decoding: $0, as: UTF8.self) } == "through the pipe")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let dir = try Fixtures.temporaryDirectory("link")
        try OutputFile.write("old", to: dir + "/real.txt")
        #expect(symlink("real.txt", dir + "/link.txt") == 0)
        try OutputFile.write("new", to: dir + "/link.txt")
        #expect(try String(contentsOfFile: dir + "/real.txt", encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.txt") == "real.txt")
        // A dangling link gets its target made.
        #expect(symlink("made.txt", dir + "/dangling") == 0)
        try OutputFile.write("made", to: dir + "/dangling")
        #expect(try String(contentsOfFile: dir + "/made.txt", encoding: .utf8) == "made")
    }

    @Test func aDirectoryOrAMissingFolderIsOneLineWithThePath() throws {
        let dir = try Fixtures.temporaryDirectory("dir")
        #expect(throws: OutputFileError(path: dir, reason: "is a directory")) { try OutputFile.write("x", to: dir) }
        #expect(throws: OutputFileError(path: dir + "/no/such.png", reason: "No such file or directory")) {
            try OutputFile.write("x", to: dir + "/no/such.png")
        }
    }
}

/// A long output (a trace) written piece by piece appears whole or not at all.
@Suite struct OutputFileStreamTests {
    @Test func aStreamAppearsOnlyWhenCommitted() throws {
        let dir = try Fixtures.temporaryDirectory("stream")
        try OutputFile.write("old", to: dir + "/t.json")
        let stream = try OutputFileStream(path: dir + "/t.json")
        for _ in 0..<20_000 { try stream.write("0123456789") }   // past the 64 KiB block
        #expect(try String(contentsOfFile: dir + "/t.json", encoding: .utf8) == "old")
        try stream.commit()
        #expect(try String(contentsOfFile: dir + "/t.json", encoding: .utf8).count == 200_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["t.json"])
    }

    @Test func anAbandonedStreamLeavesTheFileAndNoTemporary() throws {
        let dir = try Fixtures.temporaryDirectory("stream-drop")
        try OutputFile.write("old", to: dir + "/t.json")
        do {
            let stream = try OutputFileStream(path: dir + "/t.json")
            try stream.write(Array(repeating: 65, count: 100_000))
        }
        #expect(try String(contentsOfFile: dir + "/t.json", encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["t.json"])
    }

    @Test func aSpillGivesBackWhatWasWrittenInOrder() throws {
        let spill = try SpillFile()
        var expected: [UInt8] = []
        for i in 0..<30_000 {
            let piece = Array("record \(i)\n".utf8)
            try spill.write(piece)
            expected += piece
        }
        var read: [UInt8] = []
        try spill.replay { read += $0 }
        #expect(read == expected)
        try spill.write([33])
        read = []
        try spill.replay { read += $0 }
        #expect(read == expected + [33])
    }
}
