import Foundation
import SproutTesting
import Testing
@testable import SproutAssets

/// FBX and COLLADA hierarchies measured before Assimp reads them by recursion (issue 30, item
/// 6): a chain of FBX connections 50,000 deep ended the process inside Assimp 5.2.
@Suite struct FBXConnectionsTests {
    /// A binary FBX 7.4 holding only a `Connections` record whose `C` records chain object i
    /// under object i + 1 (i = 1...count), the last under the root 0 (or, `looping`, under object
    /// 1: a cycle); `drivingMorphWeights` makes each an "OP" link to a blend shape's weight.
    static func binaryChain(_ count: Int, drivingMorphWeights: Bool = false, looping: Bool = false) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        func i64(_ v: Int) -> [UInt8] { withUnsafeBytes(of: Int64(v).littleEndian, Array.init) }
        func record(_ name: String, properties: [[UInt8]], nested: [[UInt8]], at offset: Int) -> [UInt8] {
            let props = properties.flatMap { $0 }
            let headerLength = 13 + name.utf8.count
            var body: [UInt8] = props
            for n in nested { body += n }
            if !nested.isEmpty { body += [UInt8](repeating: 0, count: 13) }
            return u32(offset + headerLength + body.count) + u32(properties.count) + u32(props.count) + [UInt8(name.utf8.count)] + Array(name.utf8) + body
        }
        var file = FBXConnections.binaryMagic + [0x1A, 0x00] + u32(7400)
        let connectionsStart = file.count
        let headerLength = 13 + "Connections".utf8.count
        var children: [[UInt8]] = []
        var offset = connectionsStart + headerLength
        for i in 1...count {
            let oo: [UInt8] = [UInt8(ascii: "S")] + u32(2) + Array("OO".utf8)
            let op: [UInt8] = [UInt8(ascii: "S")] + u32(2) + Array("OP".utf8)
            let property: [[UInt8]] = drivingMorphWeights ? [[UInt8(ascii: "S")] + u32(13) + Array("DeformPercent".utf8)] : []
            let ids = [[UInt8(ascii: "L")] + i64(i), [UInt8(ascii: "L")] + i64(i == count ? (looping ? 1 : 0) : i + 1)]
            let child = record("C", properties: [drivingMorphWeights ? op : oo] + ids + property, nested: [], at: offset)
            children.append(child)
            offset += child.count
        }
        file += record("Connections", properties: [], nested: children, at: connectionsStart)
        file += [UInt8](repeating: 0, count: 13)
        return file
    }

    @Test func aBinaryChainDeeperThanTheLimitIsRefusedBeforeAssimp() throws {
        let dir = try Fixtures.temporaryDirectory("fbx-chain")
        try Data(Self.binaryChain(50_000)).write(to: URL(fileURLWithPath: dir + "/deep.fbx"))
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/deep.fbx") }
        #expect(
            "\(error!)".contains("its objects connect in a chain 50000 deep, more than the limit of 256 levels (+8 for geometry and materials)"), "\(error!)")
        try Data(Self.binaryChain(200)).write(to: URL(fileURLWithPath: dir + "/fine.fbx"))
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/fine.fbx") }
    }

    @Test func anASCIIChainIsMeasuredToo() throws {
        let dir = try Fixtures.temporaryDirectory("fbx-ascii")
        let lines = (1...300).map { "\tC: \"OO\",\($0),\($0 == 300 ? 0 : $0 + 1)" }.joined(separator: "\n")
        try Fixtures.write("; FBX 7.4.0 project file\nConnections:  {\n\(lines)\n}\n", to: dir + "/deep.fbx")
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/deep.fbx") }
        #expect("\(error!)".contains("a chain 300 deep"), "\(error!)")
    }

    /// Assimp 5.2 reads no blend shape weight animation (no `DeformPercent` anywhere in it): an
    /// animation curve linked to one is counted and said, binary or ASCII.
    @Test func morphWeightAnimationsAssimpDropsAreSaid() throws {
        let dir = try Fixtures.temporaryDirectory("fbx-morph")
        try Data(Self.binaryChain(3, drivingMorphWeights: true)).write(to: URL(fileURLWithPath: dir + "/shapes.fbx"))
        let said = "has 3 blend shape (morph target) animation curve(s), which Assimp 5.2 does not read: the shapes do not move"
        #expect(try ModelPreflight.check(dir + "/shapes.fbx", shownAs: "shapes.fbx", fileExtension: "fbx", limits: .standard) == [said])
        try Data(Self.binaryChain(3)).write(to: URL(fileURLWithPath: dir + "/still.fbx"))
        #expect(try ModelPreflight.check(dir + "/still.fbx", shownAs: "still.fbx", fileExtension: "fbx", limits: .standard) == [])
        try Fixtures.write(
            "; FBX 7.4.0 project file\nConnections:  {\n\tC: \"OO\",1,0\n\tC: \"OP\",5,6, \"DeformPercent\"\n\tC: \"OP\",7,1, \"Lcl Translation\"\n}\n",
            to: dir + "/ascii.fbx")
        #expect(
            try ModelPreflight.check(dir + "/ascii.fbx", shownAs: "ascii.fbx", fileExtension: "fbx", limits: .standard) == [
                "has 1 blend shape (morph target) animation curve(s), which Assimp 5.2 does not read: the shapes do not move"
            ])
    }

    /// Objects that are their own ancestors made Assimp 5.2 recurse until its stack overflowed
    /// (found by mutation): refused, binary or ASCII, as is an object its own parent; a property
    /// link ("OP") back up is no such cycle. The same object link twice made it free a bone twice.
    @Test func objectsConnectedInACycleOrTwiceAreRefused() throws {
        #expect(FBXConnections.cycle(in: [(1, 2), (2, 3), (3, 0), (4, 3)]) == nil)
        #expect(FBXConnections.cycle(in: [(1, 1), (1, 0)]) == 1)
        #expect(FBXConnections.cycle(in: [(5, 0), (3001, 3000), (3000, 3001)]) != nil)
        let dir = try Fixtures.temporaryDirectory("fbx-cycle")
        try Fixtures.write(
            "; FBX 7.4.0 project file\nConnections:  {\n\tC: \"OO\",3000,0\n\tC: \"OO\",3001,3000\n\tC: \"OO\",3000,3001\n}\n", to: dir + "/loop.fbx")
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/loop.fbx") }
        #expect("\(error!)".contains("its objects connect in a cycle (object 3000 is its own ancestor)"), "\(error!)")
        try Fixtures.write(
            "; FBX 7.4.0 project file\nConnections:  {\n\tC: \"OO\",3000,0\n\tC: \"OP\",0,3000, \"X\"\n}\n", to: dir + "/property.fbx")
        try Data(Self.binaryChain(5, looping: true)).write(to: URL(fileURLWithPath: dir + "/loop-binary.fbx"))
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/loop-binary.fbx") }
        try Fixtures.write(
            "; FBX 7.4.0 project file\nConnections:  {\n\tC: \"OO\",5000,1000\n\tC: \"OO\",5001,5000\n\tC: \"OO\",5001,5000\n}\n", to: dir + "/twice.fbx")
        let twice = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/twice.fbx") }
        #expect("\(twice!)".hasSuffix("object 5001 is connected to object 5000 twice"), "\(twice!)")
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/property.fbx") }
    }

    /// Assimp 5.2 makes a camera or light of each model a camera or light attribute is linked
    /// to, and its scene check looks each up by name (24,000 lights took 9.7 s): more than
    /// 16,384 placed are refused. Other attributes (a skeleton's "Null") and links to objects
    /// other than models do not count.
    @Test func tooManyCamerasAndLightsPlacedAreRefused() throws {
        func links(placed: Int) -> FBXConnections.Links {
            var found = FBXConnections.Links()
            for i in 0..<Int64(placed) {
                found.object(key: "Model", id: 2 * i + 1, name: "Model::lamp\(i)", classTag: "Light")
                found.object(key: "NodeAttribute", id: 2 * i + 2, name: "NodeAttribute::lamp\(i)", classTag: i % 2 == 0 ? "Light" : "Camera")
                found.add(type: "OO", child: 2 * i + 1, parent: 0, property: nil)
                found.add(type: "OO", child: 2 * i + 2, parent: 2 * i + 1, property: nil)
            }
            found.object(key: "NodeAttribute", id: -1, name: "NodeAttribute::bone", classTag: "Null")
            found.add(type: "OO", child: -1, parent: 1, property: nil)
            found.object(key: "NodeAttribute", id: -2, name: "NodeAttribute::loose", classTag: "Light")
            found.add(type: "OO", child: -2, parent: 0, property: nil)
            return found
        }
        let limit = ModelPreflight.maximumCamerasAndLights
        #expect(throws: Never.self) { try FBXConnections.check(links(placed: limit), shown: "lamps.fbx", limits: .standard) }
        #expect {
            try FBXConnections.check(links(placed: limit + 1), shown: "lamps.fbx", limits: .standard)
        } throws: {
            "\($0)" == "lamps.fbx: refused: it places 16385 cameras and lights, more than 16384"
        }
    }

    @Test func chainsAreCountedWithoutRecursionAndCyclesEnd() {
        #expect(FBXConnections.longestChain([(1, 2), (2, 3), (3, 0), (4, 3)]) == 3)
        #expect(FBXConnections.longestChain([(1, 2), (2, 1)]) == 2)
        #expect(FBXConnections.longestChain((1...100_000).map { (Int64($0), Int64($0 + 1)) }) == 100_000)
    }

    @Test func theSampleFBXPasses() throws {
        let box = Fixtures.sharedModel("BoxFBX/box.fbx")
        try #require(FileManager.default.fileExists(atPath: box))
        #expect(throws: Never.self) { try ModelImporter.preflight(path: box) }
    }

    /// COLLADA `<node>`s nested 2,000 deep, comments and CDATA with angle brackets beside them.
    @Test func deepCOLLADAIsRefusedAndItsCommentsDoNotCount() throws {
        let dir = try Fixtures.temporaryDirectory("dae-deep")
        let head = "<?xml version=\"1.0\"?>\n<!DOCTYPE x>\n<COLLADA><!-- <a><b> --><library_visual_scenes><visual_scene><![CDATA[<c><d>]]>"
        func nodes(_ n: Int) -> String {
            String(repeating: "<node id=\"a>b\">", count: n) + "<instance_geometry url=\"#g\"/>" + String(repeating: "</node>", count: n)
        }
        try Fixtures.write(head + nodes(2_000) + "</visual_scene></library_visual_scenes></COLLADA>", to: dir + "/deep.dae")
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/deep.dae") }
        #expect("\(error!)".contains("its XML nests deeper than 272 elements"), "\(error!)")
        try Fixtures.write(head + nodes(200) + "</visual_scene></library_visual_scenes></COLLADA>", to: dir + "/fine.dae")
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/fine.dae") }
    }
}
