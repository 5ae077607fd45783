import SproutMath
import Testing
@testable import SproutScene

/// glTF sampling (Appendix C): the interpolations to the number, held ends, slerped rotations.
@Suite struct AnimationClipTests {
    @Test func linearInterpolatesAndHoldsTheEnds() {
        let s = AnimationSampler(interpolation: .linear, times: [0, 2], values: [0, 0, 0, 2, 4, 6], width: 3)
        #expect(s.sample(at: 0.5) == [0.5, 1, 1.5])
        #expect(s.sample(at: -1) == [0, 0, 0])
        #expect(s.sample(at: 5) == [2, 4, 6])
        #expect(s.duration == 2)
    }

    @Test func stepTakesTheKeyAtOrBefore() {
        let s = AnimationSampler(interpolation: .step, times: [0, 1, 2], values: [1, 2, 3], width: 1)
        #expect(s.sample(at: 0.99) == [1])
        #expect(s.sample(at: 1) == [2])
        #expect(s.sample(at: 1.5) == [2])
        #expect(s.sample(at: 2) == [3])
    }

    /// Keys 0 -> 1 over 1 s, out-tangent 2 at the first, in-tangent 0 at the second:
    /// p(0.5) = 0.125 x 1 x 2 + 0.5 x 1 = 0.75 (h10(0.5) = 0.125, h01(0.5) = 0.5).
    @Test func cubicSplineUsesTheTangents() {
        let s = AnimationSampler(interpolation: .cubicSpline, times: [0, 1], values: [0, 0, 2, 0, 1, 0], width: 1)
        #expect(s.sample(at: 0.5) == [0.75])
        #expect(s.sample(at: 0) == [0])
        #expect(s.sample(at: 1) == [1])
        // The span scales the tangents: the same keys over 2 s give 0.125 x 2 x 2 + 0.5 = 1.
        let slow = AnimationSampler(interpolation: .cubicSpline, times: [0, 2], values: [0, 0, 2, 0, 1, 0], width: 1)
        #expect(slow.sample(at: 1) == [1])
    }

    @Test func rotationsSlerpAlongTheShorterArc() {
        let quarter = Quaternion(angle: .pi / 2, axis: .unitY)
        // The end key written as its negative: the same rotation, reached the short way.
        let v = -quarter.vector
        let s = AnimationSampler(interpolation: .linear, times: [0, 1], values: [0, 0, 0, 1, v.x, v.y, v.z, v.w], width: 4)
        let half = s.sample(at: 0.5, isRotation: true)
        let expected = Quaternion(angle: .pi / 4, axis: .unitY).vector
        #expect(abs(half[1] - expected.y) < 1e-6 && abs(half[3] - expected.w) < 1e-6)
    }

    @Test func aClipPosesItsTargetsByPath() {
        let root = Entity(name: "root"), child = Entity(name: "child")
        root.addChild(Entity(name: "first"))
        root.addChild(child)
        let clip = AnimationClip(
            name: "move",
            channels: [
                AnimationChannel(
                    target: EntityPath(childIndices: [1]), property: .translation,
                    sampler: AnimationSampler(interpolation: .linear, times: [0, 1], values: [0, 0, 0, 1, 0, 0], width: 3))
            ])
        #expect(clip.duration == 1)
        clip.apply(to: root, at: 0.25)
        #expect(child.transform.translation == Vec3(0.25, 0, 0))
        // A clone poses its own entities, never the original's.
        let copy = root.clone()
        copy.animationClips = [clip]
        clip.apply(to: copy, at: 1)
        #expect(copy.children[1].transform.translation == Vec3(1, 0, 0))
        #expect(child.transform.translation == Vec3(0.25, 0, 0))
    }
}

/// The player on the injected clock: loop, hold, speed, pause, cross-fade.
@Suite struct AnimationPlayerTests {
    /// A root whose child moves x from 0 to 2 over 2 s ("slide") or sits at x = 4 ("still").
    func model() -> (root: Entity, child: Entity) {
        let root = Entity(name: "root"), child = Entity(name: "child")
        root.addChild(child)
        let path = EntityPath(childIndices: [0])
        root.animationClips = [
            AnimationClip(
                name: "slide",
                channels: [
                    AnimationChannel(
                        target: path, property: .translation,
                        sampler: AnimationSampler(interpolation: .linear, times: [0, 2], values: [0, 0, 0, 2, 0, 0], width: 3))
                ]),
            AnimationClip(
                name: "still",
                channels: [
                    AnimationChannel(
                        target: path, property: .translation,
                        sampler: AnimationSampler(interpolation: .step, times: [0, 2], values: [4, 0, 0, 4, 0, 0], width: 3))
                ])
        ]
        return (root, child)
    }

    @Test func loopsHoldsAndRunsAtItsSpeed() {
        let (root, child) = model()
        let player = AnimationPlayer(root: root)
        #expect(player.index(ofClip: "still") == 1 && player.index(ofClip: "0") == 0 && player.index(ofClip: "nope") == nil)
        player.play(0)
        player.advance(by: 2.5)
        #expect(player.time == 0.5 && child.transform.translation.x == 0.5)
        player.speed = 2
        player.advance(by: 0.25)
        #expect(player.time == 1 && child.transform.translation.x == 1)
        player.isPaused = true
        player.advance(by: 1)
        #expect(player.time == 1)
        player.isPaused = false
        player.isLooping = false
        player.advance(by: 5)
        #expect(player.time == 2 && child.transform.translation.x == 2)
    }

    @Test func crossFadesOverItsDuration() {
        let (root, child) = model()
        let player = AnimationPlayer(root: root)
        player.play(0, from: 1)   // x = 1
        player.play(1, fadeDuration: 1)   // towards x = 4
        #expect(child.transform.translation.x == 1)
        player.advance(by: 0.5)   // slide at 1.5 (x = 1.5), halfway: 1.5 + (4 - 1.5) / 2
        #expect(child.transform.translation.x == 2.75)
        player.advance(by: 0.5)
        #expect(child.transform.translation.x == 4)
    }

    @Test func theSceneAdvancesItsPlayersAndDropsLeftOnes() {
        let scene = Scene()
        let (root, child) = model()
        scene.addChild(root)
        let player = scene.playAnimation(of: root)
        #expect(player != nil && scene.animationPlayers.count == 1)
        scene.update(deltaTime: 0.5)
        #expect(child.transform.translation.x == 0.5)
        root.removeFromParent()
        scene.update(deltaTime: 0.5)
        #expect(scene.animationPlayers.isEmpty && child.transform.translation.x == 0.5)
        #expect(scene.playAnimation(of: Entity()) == nil)
    }
}

/// Skins and morph targets on the CPU, the arithmetic the shaders repeat (glTF 3.7.2.2, 3.7.3.3).
@Suite struct MeshDeformationTests {
    /// A skinned entity with two joints; vertex 0 on joint 0, vertex 1 half on each, vertex 2 on joint 1.
    func rig() -> (root: Entity, skinned: Entity, joint: Entity) {
        let root = Entity(name: "root")
        let skinned = Entity(name: "skinned", transform: Transform(translation: Vec3(5, 0, 0)))   // ignored by the skin
        let joint0 = Entity(name: "j0"), joint1 = Entity(name: "j1", transform: Transform(translation: Vec3(0, 1, 0)))
        root.addChild(skinned)
        root.addChild(joint0)
        joint0.addChild(joint1)
        let mesh = Mesh(
            positions: [Vec3(0, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 1)], indices: [0, 1, 2],
            joints: [[SIMD4(0, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(1, 0, 0, 0)]],
            weights: [[Vec4(1, 0, 0, 0), Vec4(0.5, 0.5, 0, 0), Vec4(1, 0, 0, 0)]])
        // Bound where joint 1 stands: its inverse bind matrix undoes its translation.
        var skin = Skin(
            joints: [EntityPath(levelsUp: 1, childIndices: [1]), EntityPath(levelsUp: 1, childIndices: [1, 0])],
            inverseBindMatrices: [.identity, Matrix4.translation(Vec3(0, -1, 0))])
        skin.computeJointBounds(of: [mesh])
        skinned.model = ModelComponent(parts: [ModelPart(mesh: mesh, material: Material())], skin: skin)
        return (root, skinned, joint1)
    }

    @Test func aSkinMovesVerticesByTheirJointsInTheSkinnedEntitysSpace() throws {
        let (root, skinned, joint) = rig()
        defer { withExtendedLifetime(root) {} }   // the tree's owner
        // In the bind pose the palette is the entity's inverse world: the mesh lies where its joints are.
        var pose = try #require(skinned.deformation)
        #expect(skinned.model?.skin?.jointMatrices(for: skinned)?[1] == Matrix4.translation(Vec3(-5, 0, 0)))
        joint.transform.translation = Vec3(0, 3, 0)   // joint 1 up by 2
        pose = try #require(skinned.deformation)
        let moved = try #require(skinned.model?.parts[0].mesh).deformedPositions(by: pose)
        #expect(moved == [Vec3(-5, 0, 0), Vec3(-4, 2, 0), Vec3(-5, 3, 1)])
        // The posed box holds them (in the entity's space).
        let box = try #require(skinned.model).bounds(deformedBy: pose)
        #expect(moved.allSatisfy(box.contains))
    }

    @Test func morphTargetsAddTheirWeightedOffsets() throws {
        let mesh = Mesh(
            positions: [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)], indices: [0, 1, 2],
            morphTargets: [
                MorphTarget(positionOffsets: [.zero, .zero, Vec3(0, 2, 0)]),
                MorphTarget(positionOffsets: [.zero, Vec3(-1, 0, 0), .zero])
            ])
        let pose = MeshDeformation(morphWeights: [0.5, 0.25])
        #expect(mesh.deformedPositions(by: pose) == [Vec3(0, 0, 0), Vec3(0.75, 0, 0), Vec3(0, 2, 0)])
        let box = mesh.bounds(deformedBy: pose, skin: nil)
        #expect(box.max.y == 2 && box.min.x == -0.25)
        let entity = Entity(model: ModelComponent(parts: [ModelPart(mesh: mesh, material: Material())], morphWeights: [0.5, 0.25]))
        #expect(entity.deformation == pose)
        // Hit as posed: a ray down at y 1.5 misses the stored triangle but meets the morphed one.
        let scene = Scene()
        scene.addChild(entity)
        let ray = Ray(origin: Vec3(0.1, 1.5, 5), direction: Vec3(0, 0, -1))
        #expect(scene.hitTest(ray, mode: .mesh).count == 1)
    }
}
