import Foundation
import SproutTesting
import Testing
@testable import SproutAssets

/// FBX records nested deeper than Assimp 5.2's recursive parsers survive are refused before it
/// reads them (found by mutation under AddressSanitizer: 50,000 levels overflowed its stack).
@Suite struct FBXRecordsTests {
    /// A binary FBX 7.4 of `levels` records named "X", each holding the next: record i starts at
    /// 27 + 14 i (a 13-byte header and its 1-byte name) and holds 14 + 27 (levels - 1 - i)
    /// bytes (its name, the records inside it and the 13-byte null record closing them). With a
    /// `gap`, the first record's list starts with that many zero bytes (records 1... and every
    /// end after it move by as many).
    static func binaryNest(_ levels: Int, gap: Int = 0) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        var file = FBXConnections.binaryMagic + [0x1A, 0x00] + u32(7400)
        for i in 0..<levels {
            let start = 27 + 14 * i + (i > 0 ? gap : 0), size = 14 + 27 * (levels - 1 - i) + (i == 0 ? gap : 0)
            file += u32(start + size) + u32(0) + u32(0) + [1, UInt8(ascii: "X")]
            if i == 0 { file += [UInt8](repeating: 0, count: gap) }
        }
        for _ in 0..<levels { file += [UInt8](repeating: 0, count: 13) }   // levels - 1 closing, one ending the file's list
        return file
    }

    @Test func binaryNestingIsMeasured() throws {
        #expect(Self.binaryNest(300).count == 27 + 27 * 300)
        let dir = try Fixtures.temporaryDirectory("fbx-nesting")
        try Data(Self.binaryNest(300)).write(to: URL(fileURLWithPath: dir + "/deep.fbx"))
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/deep.fbx") }
        #expect("\(error!)" == "\(dir)/deep.fbx: refused: its records nest more than 256 deep (Assimp reads them by recursion)")
        // Assimp reads a file as binary when its first 18 bytes are the magic's, whatever follows.
        var renamed = Self.binaryNest(300)
        renamed.replaceSubrange(18..<21, with: Array("XY\u{1}".utf8))
        try Data(renamed).write(to: URL(fileURLWithPath: dir + "/magic.fbx"))
        let magic = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/magic.fbx") }
        #expect("\(magic!)".hasSuffix("refused: its records nest more than 256 deep (Assimp reads them by recursion)"))
        // A null word inside a list: Assimp reads on from the next word, into the chain.
        try Data(Self.binaryNest(300, gap: 4)).write(to: URL(fileURLWithPath: dir + "/gap.fbx"))
        let gap = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/gap.fbx") }
        #expect("\(gap!)".hasSuffix("refused: its records nest more than 256 deep (Assimp reads them by recursion)"))
        try Data(Self.binaryNest(256)).write(to: URL(fileURLWithPath: dir + "/fine.fbx"))
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/fine.fbx") }
    }

    /// Braces count outside strings and comments only.
    @Test func asciiNestingIsMeasuredByItsBraces() throws {
        let dir = try Fixtures.temporaryDirectory("fbx-ascii-nesting")
        let head = "; FBX 7.4.0 project file\n"
        try Fixtures.write(head + String(repeating: "X: {", count: 257) + String(repeating: "}", count: 257) + "\n", to: dir + "/deep.fbx")
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/deep.fbx") }
        let quoted = "Y: \"" + String(repeating: "{", count: 500) + "\"\n; " + String(repeating: "{", count: 500) + "\n"
        try Fixtures.write(head + quoted + String(repeating: "X: {", count: 256) + String(repeating: "}", count: 256) + "\n", to: dir + "/fine.fbx")
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/fine.fbx") }
    }

    /// Found by the same mutation: a compressed array declaring 2^32 - 1 floats in 10 bytes made
    /// Assimp allocate 16 GB for them (deflate expands at most about 1,032 to 1).
    @Test func aCompressedArrayLongerThanItsBytesCanHoldIsRefused() throws {
        func u32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
        func file(count: UInt32) -> [UInt8] {
            let property: [UInt8] = [UInt8(ascii: "f")] + u32(count) + u32(1) + u32(10) + [UInt8](repeating: 0, count: 10)
            let end = 27 + 13 + 1 + property.count
            return FBXConnections.binaryMagic + [0x1A, 0x00] + u32(7400) + u32(UInt32(end)) + u32(1) + u32(UInt32(property.count)) + [1, UInt8(ascii: "X")]
                + property + [UInt8](repeating: 0, count: 13)
        }
        let dir = try Fixtures.temporaryDirectory("fbx-array")
        try Data(file(count: .max)).write(to: URL(fileURLWithPath: dir + "/huge.fbx"))
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/huge.fbx") }
        #expect("\(error!)" == "\(dir)/huge.fbx: malformed model: an array at byte 41 declares 4294967295 values, more than its 10 compressed bytes can hold")
        // 10 bytes may inflate to 10 x 1,032 + 64 = 10,384 bytes: 2,596 floats.
        try Data(file(count: 2_596)).write(to: URL(fileURLWithPath: dir + "/fits.fbx"))
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/fits.fbx") }
        try Data(file(count: 2_597)).write(to: URL(fileURLWithPath: dir + "/over.fbx"))
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/over.fbx") }
    }

    /// A binary FBX 7.4 holding one `KeyValueFloat` record whose only property is `array`.
    static func keyValues(_ array: [UInt8]) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        let name = Array("KeyValueFloat".utf8)
        let end = 27 + 13 + name.count + array.count
        return FBXConnections.binaryMagic + [0x1A, 0x00] + u32(7400) + u32(end) + u32(1) + u32(array.count) + [UInt8(name.count)] + name + array
            + [UInt8](repeating: 0, count: 13)
    }

    /// Found by the same mutation: Assimp 5.2 splits a rotation curve into a key every 180
    /// degrees it travels, and one key of 1e9 degrees took 1.4 GB (1e12: all memory). The
    /// curves' travel is summed first, plain, compressed or ASCII; a real curve passes.
    @Test func curvesTravellingTooFarAreRefused() throws {
        func u32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        func floats(_ values: [Float]) -> [UInt8] {
            [UInt8(ascii: "f")] + u32(values.count) + u32(0) + u32(values.count * 4)
                + values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
        }
        let dir = try Fixtures.temporaryDirectory("fbx-curves")
        let said = "refused: its animation curves travel more than 1800000000 in all (Assimp 5.2 makes a rotation key every 180 degrees of it)"
        try Data(Self.keyValues(floats([0, 1e9, 0]))).write(to: URL(fileURLWithPath: dir + "/far.fbx"))
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/far.fbx") }
        do { try ModelImporter.preflight(path: dir + "/far.fbx") } catch { #expect("\(error)" == "\(dir)/far.fbx: " + said) }
        try Data(Self.keyValues(floats([0, 90, 360, -45]))).write(to: URL(fileURLWithPath: dir + "/near.fbx"))
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/near.fbx") }
        // Doubles 0, 2e9, 0, zlib-compressed (17 bytes, made by Python's zlib.compress).
        let compressed: [UInt8] = [120, 156, 99, 96, 64, 128, 212, 179, 119, 29, 97, 108, 0, 24, 142, 2, 81]
        try Data(Self.keyValues([UInt8(ascii: "d")] + u32(3) + u32(1) + u32(compressed.count) + compressed)).write(
            to: URL(fileURLWithPath: dir + "/packed.fbx"))
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/packed.fbx") }
        try Fixtures.write(
            "; FBX 7.4.0 project file\nObjects:  {\n\tAnimationCurve: 1, \"AnimCurve::\", \"\" {\n\t\tKeyValueFloat: *3 {\n a: 0.0,1e9,\n0.0\n}\n\t}\n}\n",
            to: dir + "/ascii.fbx")
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/ascii.fbx") }
        try Fixtures.write(
            "; FBX 7.4.0 project file\nObjects:  {\n\tAnimationCurve: 1, \"AnimCurve::\", \"\" {\n\t\tKeyValueFloat: *3 {\n a: 0.0,nan,0.0\n}\n\t}\n}\n",
            to: dir + "/nan.fbx")
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/nan.fbx") }
    }

    /// Found by the same mutation: an 8-byte property length of 2^64 - 1 in a version 7500
    /// `Connections` record overflowed the scan's offset (a trap, not an error).
    @Test func aHugePropertyLengthIsNotATrap() throws {
        let dir = try Fixtures.temporaryDirectory("fbx-property-length")
        let bytes: [UInt8] =
            Array("Kaydara FBX Binary  ".utf8) + [0, 0x1A, 0, 0x4C, 0x1D, 0, 0, 0x3F] + [UInt8](repeating: 0, count: 15)
            + [UInt8](repeating: 0xFF, count: 8) + [11] + Array("Connections".utf8)
        #expect(bytes.count == 63)
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/long.fbx"))
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/long.fbx") }
    }
}
