import Foundation
import SproutTesting
import Testing
@testable import SproutAssets

/// A model with a NaN or infinite position is refused by name (issue 30, item 8), not drawn
/// with poisoned bounds or handed to a stage's ray tests.
@Suite struct NonFiniteModelTests {
    @Test(arguments: ["inf", "-inf", "1e39"])   // Assimp reads "nan" in an OBJ as 0
    func aNonFinitePositionIsRefused(_ value: String) throws {
        let dir = try Fixtures.temporaryDirectory("non-finite")
        try Fixtures.write("o bad\nv 0 0 0\nv 1 0 0\nv \(value) 1 0\nf 1 2 3\n", to: dir + "/bad.obj")
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.load(path: dir + "/bad.obj", cache: nil) }
        #expect("\(error!)".hasPrefix("\(dir)/bad.obj: malformed model: mesh '"), "\(error!)")
        #expect("\(error!)".hasSuffix("has a position that is not a finite number (vertex 2)"), "\(error!)")
    }
}

/// A FIFO named as a model is called what it is, at once (issue 30, item 15).
@Suite struct SpecialFileModelTests {
    @Test func aFIFOIsNotAModelFile() throws {
        let dir = try Fixtures.temporaryDirectory("model-fifo")
        #expect(mkfifo(dir + "/pipe.glb", 0o644) == 0)
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.load(path: dir + "/pipe.glb", cache: nil) }
        #expect("\(error!)" == "\(dir)/pipe.glb: cannot import model: not a regular file (a FIFO, a device or a socket)")
    }
}
