import SproutInteraction
import SproutScene
import SproutScript
import SproutWindow
import SproutWorld

/// The preview window's keys (mouse and walking keys are `WindowRunner`'s): Space places the
/// plant at the focus square, R restarts the experience (5 s cooldown), P shows or hides the
/// detected planes, N plays the next animation clip of the selected (else the last placed)
/// model and K pauses or resumes it, V draws it in its next material variant.
public struct PreviewControls {
    /// The help line the preview window shows under the view, naming every control.
    public static let helpLine =
        "Space place  |  left drag: 1 finger  |  right drag: 2 fingers, wheel twists  |  WASD/QE walk, arrows turn  |  N next clip  K pause  V variant  |  P planes  R restart  Esc quit"
    /// The name placed plants get ("plant", "plant 2", ...), as a script's `place: plant`.
    public static let plantName = "plant"

    /// The world the keys act on.
    public let world: World
    /// Makes a new copy of the plant for each placement.
    public let plant: () throws -> Entity
    /// Whether a restart leaves the device where it is (the default: the sample's restart resets
    /// tracking, not the person holding the phone) or sends it to the stage's camera.
    public var restartKeepsDevice: Bool

    /// Keys acting on `world`; `plant` is called once per Space press for the entity to place.
    public init(world: World, restartKeepsDevice: Bool = true, plant: @escaping () throws -> Entity) {
        self.world = world
        self.plant = plant
        self.restartKeepsDevice = restartKeepsDevice
    }

    /// The object N and K act on: the selected one if it has clips, else the last placed that has.
    var animatedObject: VirtualObject? { keyedObject { $0.animatedEntity != nil } }

    /// The object V acts on: the selected one if it has material variants, else the last placed that has.
    var variantObject: VirtualObject? { keyedObject { $0.materialVariantsEntity != nil } }

    /// The selected object if it `has` what a key acts on, else the last placed that has.
    private func keyedObject(_ has: (VirtualObject) -> Bool) -> VirtualObject? {
        if let selected = world.engine.selectedObject, has(selected) { return selected }
        return world.objects.last(where: has)
    }

    /// Acts on one frame's keys and returns what a recording writes of them.
    @discardableResult
    public func apply(_ input: WindowInput) throws -> [ScriptRecorder.Action] {
        var actions: [ScriptRecorder.Action] = []
        for key in input.keysPressed {
            switch key {
            case .space:
                world.place(try plant(), named: Self.plantName)
                actions.append(.place(Self.plantName))
            case .r:
                world.restart(keepDevice: restartKeepsDevice)
                actions.append(.reset)
            case .p:
                world.showsPlanes.toggle()
            case .n:
                // The next clip, from its start, or the first when none plays.
                if let object = animatedObject, let animated = object.animatedEntity {
                    let next = world.animationPlayer(of: object).flatMap { p in p.clipIndex.map { ($0 + 1) % p.clips.count } } ?? 0
                    world.scene.playAnimation(of: animated, clip: next)
                }
            case .k:
                if let player = animatedObject.flatMap(world.animationPlayer(of:)) { player.isPaused.toggle() }
            case .v:
                if let object = variantObject, let root = object.materialVariantsEntity {
                    actions.append(.variant(object: object.name, name: root.selectNextMaterialVariant()))
                }
            default:
                break
            }
        }
        return actions
    }
}
