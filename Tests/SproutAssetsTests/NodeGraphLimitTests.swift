import Foundation
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// Kilobyte glTF files whose node graphs would crash or exhaust the importer (issue 30, items 6
/// and 7): generated here, measured before Assimp walks them, refused by name; a deep but
/// admitted hierarchy is converted without the thread's stack.
@Suite struct NodeGraphLimitTests {
    /// One triangle on node 0; `nodes` as given (node 0 first), scene roots `[0]`.
    func write(nodes: [String], to folder: String, name: String) throws -> String {
        let json = """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": 36, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],
             "bufferViews": [{"buffer": 0, "byteLength": 36}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
             "nodes": [\(nodes.joined(separator: ", "))], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        try Fixtures.write(json, to: folder + "/" + name)
        return folder + "/" + name
    }

    /// A chain `count` long: node i's child is i + 1, the last holds the mesh.
    func chain(_ count: Int) -> [String] {
        (0..<count).map { $0 == count - 1 ? #"{"mesh": 0}"# : #"{"children": [\#($0 + 1)]}"# }
    }

    @Test func aChainDeeperThanTheLimitIsRefusedByName() throws {
        let dir = try Fixtures.temporaryDirectory("node-chain")
        let path = try write(nodes: chain(1_600), to: dir, name: "chain.gltf")
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.load(path: path, cache: nil) }
        #expect("\(error!)" == "\(path): refused: a node hierarchy more than 256 levels deep")
        #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: path) }
    }

    /// 40 nodes, each listing the next twice: 2^40 instances from a kilobyte.
    @Test func sharedChildrenThatExpandPastTheBudgetAreRefused() throws {
        let dir = try Fixtures.temporaryDirectory("node-dag")
        let nodes = (0..<40).map { $0 == 39 ? #"{"mesh": 0}"# : #"{"children": [\#($0 + 1), \#($0 + 1)]}"# }
        let path = try write(nodes: nodes, to: dir, name: "dag.gltf")
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.load(path: path, cache: nil) }
        #expect("\(error!)" == "\(path): refused: more than 100000 node instances (nodes shared by several parents count under each)")
        let cycle = try write(nodes: [#"{"children": [1], "mesh": 0}"#, #"{"children": [0]}"#], to: dir, name: "cycle.gltf")
        let cycleError = #expect(throws: ModelImportError.self) { try ModelImporter.load(path: cycle, cache: nil) }
        #expect("\(cycleError!)" == "\(cycle): refused: its nodes form a cycle (node 0 is its own ancestor)")
    }

    /// 200 levels (within the limit) imported on a thread with a 512 KiB stack, as a program
    /// loading on a Dispatch queue has: the tree is walked without recursion.
    @Test func aDeepHierarchyLoadsOnASmallStack() throws {
        let dir = try Fixtures.temporaryDirectory("node-deep")
        let path = try write(nodes: chain(200), to: dir, name: "deep.gltf")
        nonisolated(unsafe) var depth = 0
        nonisolated(unsafe) var failure: (any Error)?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let asset = try ModelImporter.load(path: path, cache: nil)
                var e = asset.root
                while let child = e.children.first { e = child; depth += 1 }
            } catch { failure = error }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(failure == nil, "\(failure.map { "\($0)" } ?? "")")
        #expect(depth == 200)   // the file's wrapper, then the 200 nodes
    }
}
