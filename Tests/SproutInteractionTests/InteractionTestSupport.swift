import SproutMath
import SproutScene
import SproutSession
import SproutTesting
@testable import SproutInteraction

enum InteractionFixture {
    static let step = 1.0 / 60

    static func tabletop() throws -> Stage {
        try StageLoader.builtIn("tabletop", assetsDirectory: Fixtures.assetsDirectory)
    }

    /// A 20 cm box model standing on its base, as a placeable object.
    static func pot(_ name: String = "pot", alignments: Set<PlaneAlignment> = [.horizontal]) -> VirtualObject {
        let mesh = MeshFactory.box(size: Vec3(0.2, 0.2, 0.2))
        let model = Entity(
            name: name + " model", transform: Transform(translation: Vec3(0, 0.1, 0)),
            model: ModelComponent(mesh: mesh, material: Material()))
        return VirtualObject(name: name, model: model, allowedAlignments: alignments)
    }

    static func engine(seed: UInt64 = 7) throws -> InteractionEngine {
        InteractionEngine(session: Session(stage: try tabletop(), seed: seed), scene: Scene())
    }

    static func run(_ engine: InteractionEngine, seconds: Double, each: (Frame) -> Void = { _ in }) {
        for _ in 0..<Int((seconds / step).rounded()) { each(engine.update(deltaTime: step)) }
    }

    static func touches(_ points: [(Int, Vec2, TouchPhase)], at time: Double) -> [TouchEvent] {
        points.map { TouchEvent(id: $0.0, location: $0.1, phase: $0.2, timestamp: time) }
    }
}
