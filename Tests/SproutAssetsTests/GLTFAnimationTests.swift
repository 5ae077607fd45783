import Foundation
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// glTF animations, skins and morph targets arrive (issue 28): keyframes read from the file's
/// own buffers with their interpolation, joints in the skin's order with their inverse bind
/// matrices, weights and targets from Assimp.
@Suite struct GLTFAnimationTests {
    /// Two nodes: 0 a skinned, morphed triangle; 1 its joint (translated 0, 1, 0), with three clips.
    func writeRig(to folder: String) throws -> String {
        var bytes = Data()
        func put(_ values: [Float]) { for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } } }
        func putBytes(_ values: [UInt8]) { bytes.append(contentsOf: values) }
        put([0, 0, 0, 1, 0, 0, 0, 1, 0])   // 0 POSITION, 36 bytes at 0
        put([0, 0, 0, 0, 0, 0, 0, 0.5, 0])   // 1 target POSITION, 36 at 36
        putBytes([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])   // 2 JOINTS_0 (all joint 0), 12 at 72
        put([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0])   // 3 WEIGHTS_0, 48 at 84
        put([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1])   // 4 inverse bind matrix, 64 at 132
        put([0, 1, 2])   // 5 times, 12 at 196
        put([0, 0, 0, 1, 0, 0, 2, 0, 0])   // 6 translations, 36 at 208
        put([0, 0.5, 1])   // 7 weights (1 target), 12 at 244
        put([0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0])   // 8 spline translations (2 keys x 3 x 3), 72 at 256
        let json = """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": \(bytes.count), "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 36},
                             {"buffer": 0, "byteOffset": 72, "byteLength": 12}, {"buffer": 0, "byteOffset": 84, "byteLength": 48},
                             {"buffer": 0, "byteOffset": 132, "byteLength": 64}, {"buffer": 0, "byteOffset": 196, "byteLength": 12},
                             {"buffer": 0, "byteOffset": 208, "byteLength": 36}, {"buffer": 0, "byteOffset": 244, "byteLength": 12},
                             {"buffer": 0, "byteOffset": 256, "byteLength": 72}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0.5, 0]},
                           {"bufferView": 2, "componentType": 5121, "count": 3, "type": "VEC4"},
                           {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"},
                           {"bufferView": 4, "componentType": 5126, "count": 1, "type": "MAT4"},
                           {"bufferView": 5, "componentType": 5126, "count": 3, "type": "SCALAR", "min": [0], "max": [2]},
                           {"bufferView": 6, "componentType": 5126, "count": 3, "type": "VEC3"},
                           {"bufferView": 7, "componentType": 5126, "count": 3, "type": "SCALAR"},
                           {"bufferView": 8, "componentType": 5126, "count": 6, "type": "VEC3"},
                           {"bufferView": 5, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "JOINTS_0": 2, "WEIGHTS_0": 3}, "targets": [{"POSITION": 1}]}],
                         "weights": [0.25]}],
             "skins": [{"joints": [1], "inverseBindMatrices": 4}],
             "nodes": [{"name": "body", "mesh": 0, "skin": 0}, {"name": "bone", "translation": [0, 1, 0]}],
             "scenes": [{"nodes": [0, 1]}], "scene": 0,
             "animations": [
               {"name": "slide", "samplers": [{"input": 5, "output": 6}], "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}]},
               {"name": "steps", "samplers": [{"input": 5, "output": 6, "interpolation": "STEP"}, {"input": 5, "output": 7, "interpolation": "STEP"}],
                "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}, {"sampler": 1, "target": {"node": 0, "path": "weights"}}]},
               {"samplers": [{"input": 9, "output": 8, "interpolation": "CUBICSPLINE"}], "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}]}]}
            """
        try Fixtures.write(json, to: folder + "/rig.gltf")
        return folder + "/rig.gltf"
    }

    @Test func clipsSkinsAndTargetsArrive() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-animation")
        let asset = try ModelImporter.load(path: try writeRig(to: dir), cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let clips = asset.root.animationClips
        #expect(clips.map(\.name) == ["slide", "steps", "animation 2"])
        #expect(clips[0].channels[0].sampler.interpolation == .linear && clips[1].channels[0].sampler.interpolation == .step)
        #expect(clips[2].channels[0].sampler.interpolation == .cubicSpline && clips[2].duration == 1)
        #expect(clips[1].channels[1].property == .morphWeights && clips[1].channels[1].sampler.width == 1)

        let body = try #require(asset.root.findEntity(named: "body")), bone = try #require(asset.root.findEntity(named: "bone"))
        let model = try #require(body.model)
        #expect(model.morphWeights == [0.25])
        let mesh = model.parts[0].mesh
        #expect(mesh.skinSets == 1 && mesh.weights[0][1] == Vec4(1, 0, 0, 0))
        #expect(mesh.morphTargets.count == 1 && mesh.morphTargets[0].positionOffsets[2] == Vec3(0, 0.5, 0))
        let skin = try #require(model.skin)
        #expect(skin.inverseBindMatrices == [Matrix4.translation(Vec3(0, -1, 0))])
        #expect(skin.joints[0].resolve(from: body) === bone)

        // LINEAR at 1.5 s: the bone at (1.5, 0, 0), 1 m down and 1.5 m across from where it was
        // bound; the vertex (0, 1, 0), a quarter of its target (0, 0.5, 0) added, moves with it.
        AnimationPlayer(root: asset.root).play(0, from: 1.5)
        #expect(bone.transform.translation == Vec3(1.5, 0, 0))
        #expect(mesh.deformedPositions(by: try #require(body.deformation))[2] == Vec3(1.5, 0.125, 0))
        // STEP at 1.5 s: the key of 1 s, weights 0.5.
        clips[1].apply(to: asset.root, at: 1.5)
        #expect(bone.transform.translation == Vec3(1, 0, 0) && body.model?.morphWeights == [0.5])
        // CUBICSPLINE y 1 -> 3 over 1 s, out-tangent 2, in-tangent 0: 0.5 x 1 + 0.125 x 2 + 0.5 x 3 = 2.25.
        clips[2].apply(to: asset.root, at: 0.5)
        #expect(bone.transform.translation == Vec3(0, 2.25, 0))
    }

    /// A target's NORMAL and TANGENT offsets arrive as offsets (Assimp stores them added to the
    /// mesh's), the tangent's xyz only: glTF's TANGENT targets have no sign.
    @Test func normalAndTangentTargetsArriveAsOffsets() throws {
        var bytes = Data()
        func put(_ values: [Float]) { for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } } }
        put([0, 0, 0, 1, 0, 0, 0, 1, 0])   // POSITION at 0
        put([0, 0, 1, 0, 0, 1, 0, 0, 1])   // NORMAL at 36
        put([1, 0, 0, -1, 1, 0, 0, -1, 1, 0, 0, -1])   // TANGENT (w -1) at 72, 48 bytes
        put([0, 0, 0, 0, 0, 0, 0, 0.5, 0])   // target POSITION at 120
        put([0, 0.5, 0, 0, 0.5, 0, 0, 0.5, 0])   // target NORMAL at 156
        put([-1, 1, 0, -1, 1, 0, 0, 0.25, 0])   // target TANGENT at 192
        let views = [(0, 36), (36, 36), (72, 48), (120, 36), (156, 36), (192, 36)]
        let json = """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": \(bytes.count), "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [\(views.map { "{\"buffer\": 0, \"byteOffset\": \($0.0), \"byteLength\": \($0.1)}" }.joined(separator: ", "))],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
                           {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC4"},
                           {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0.5, 0]},
                           {"bufferView": 4, "componentType": 5126, "count": 3, "type": "VEC3"},
                           {"bufferView": 5, "componentType": 5126, "count": 3, "type": "VEC3"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TANGENT": 2},
                                         "targets": [{"POSITION": 3, "NORMAL": 4, "TANGENT": 5}]}], "weights": [0]}],
             "nodes": [{"name": "leaf", "mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        let dir = try Fixtures.temporaryDirectory("gltf-tangent-targets")
        try Fixtures.write(json, to: dir + "/leaf.gltf")
        let asset = try ModelImporter.load(path: dir + "/leaf.gltf", cache: nil)
        let mesh = try #require(asset.root.findEntity(named: "leaf")?.model?.parts.first?.mesh)
        #expect(mesh.tangents == Array(repeating: Vec4(1, 0, 0, -1), count: 3))
        let target = try #require(mesh.morphTargets.first)
        #expect(target.positionOffsets == [.zero, .zero, Vec3(0, 0.5, 0)])
        #expect(target.normalOffsets == Array(repeating: Vec3(0, 0.5, 0), count: 3))
        #expect(target.tangentOffsets == [Vec3(-1, 1, 0), Vec3(-1, 1, 0), Vec3(0, 0.25, 0)])
    }

    /// Keyframes Assimp accepts but Sprout cannot read (an interpolation glTF does not name, a
    /// path glTF does not name) are left out with one warning, the rest of the clip plays; the
    /// preflight reads them too. (An accessor past its buffer, or times that are not scalars, are
    /// refused by Assimp before: the load fails naming the accessor.)
    @Test func unreadableKeyframesAreLeftOutWithAWarning() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-animation-hostile")
        let path = try writeRig(to: dir)
        var json = try String(contentsOfFile: path, encoding: .utf8)
        json = json.replacingOccurrences(of: #""interpolation": "CUBICSPLINE""#, with: #""interpolation": "BOUNCY""#)
        json = json.replacingOccurrences(
            of: #"{"sampler": 1, "target": {"node": 0, "path": "weights"}}"#,
            with: #"{"sampler": 1, "target": {"node": 0, "path": "weights"}}, {"sampler": 1, "target": {"node": 0, "path": "colour"}}"#)
        try Fixtures.write(json, to: path)
        try ModelImporter.preflight(path: path)
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings == ["\(path): has 2 animation channel(s) Sprout cannot read (a bad sampler, accessor or path), which do not play"])
        #expect(asset.root.animationClips.map { $0.channels.count } == [1, 2, 0])
    }

    /// The Fox's joints at Walk 0.25 s, against numbers computed from the file by an independent
    /// script (numpy: the glTF node TRS, LINEAR keys, the reference slerp), in the file's centimetres.
    @Test func foxJointsFollowTheWalk() throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel("Fox/Fox.glb"))
        let root = asset.root.clone()
        #expect(root.animationClips.map(\.name) == ["Survey", "Walk", "Run"])
        let player = AnimationPlayer(root: root)
        player.play(try #require(player.index(ofClip: "Walk")), from: 0.25)
        let expected: [(String, Vec3)] = [
            ("b_Head_05", Vec3(0.0982, 57.1514, 39.3019)), ("b_LeftFoot02_018", Vec3(6.9679, 11.5366, -51.6364)),
            ("b_Tail03_014", Vec3(0.464, 32.9318, -69.3225)), ("b_RightHand_08", Vec3(-6.9779, 19.5489, 39.2896))
        ]
        for (name, position) in expected {
            let joint = try #require(root.findEntity(named: name))
            #expect(distance(joint.worldPosition, position) < 0.001, "\(name) at \(joint.worldPosition), expected \(position)")
        }
        let fox = try #require(root.findEntity(named: "fox"))
        #expect(fox.model?.skin?.joints.count == 24)
        #expect(fox.model?.parts[0].mesh.skinSets == 1)
    }

    /// glTF's default inverse bind matrices are identities; Assimp 5.2 crashed on a skin that
    /// gives none (found by mutation), so the file is rewritten with identity ones: it loads and
    /// its skin binds the joint where it stands. A skin naming no joint, which glTF forbids, is
    /// refused before Assimp reads it.
    @Test func aSkinWithoutInverseBindMatricesLoadsAndOneWithoutJointsIsRefused() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-skin-defaults")
        let json =
            OneTriangleGLTF.geometry
            + #" "nodes": [{"mesh": 0, "skin": 0}, {"name": "bone"}], "scenes": [{"nodes": [0, 1]}], "scene": 0, "skins": [{"joints": [1]}]}"#
        try Fixtures.write(json, to: dir + "/default.gltf")
        // (A .gltf rewritten is read as a GLB served beside it: it had failed, "no suitable reader".)
        let asset = try ModelImporter.load(path: dir + "/default.gltf", cache: nil)
        #expect(asset.triangleCount == 1)
        #expect(asset.root.firstEntity { $0.model?.skin != nil }?.model?.skin?.inverseBindMatrices == [.identity])
        try Fixtures.write(json.replacingOccurrences(of: #""joints": [1]"#, with: #""joints": []"#), to: dir + "/empty.gltf")
        #expect {
            try ModelImporter.load(path: dir + "/empty.gltf", cache: nil)
        } throws: { error in
            "\(error)" == "\(dir)/empty.gltf: malformed model: skins[0].joints names no joint"
        }
        // The rest of what GLTFValidity refuses, each found by the same mutation.
        let refusals = [
            (
                json.replacingOccurrences(
                    of: #"{"buffer": 0, "byteLength": 36}"#, with: #"{"buffer": 0, "byteOffset": 18446744073709551615, "byteLength": 36}"#),
                "bufferViews[0] does not lie inside its buffer (byteOffset, byteLength and the buffer's byteLength)"
            ),
            (
                json.replacingOccurrences(of: #""componentType": 5123"#, with: #""componentType": 5126"#),
                "meshes[0].primitives[0].indices: accessor 1 is not of unsigned bytes, shorts or ints"
            ),
            (
                json.replacingOccurrences(
                    of: #""count": 3, "type": "VEC3","#,
                    with:
                        #""count": 3, "sparse": {"count": 5, "indices": {"bufferView": 1, "componentType": 5123}, "values": {"bufferView": 0}}, "type": "VEC3","#
                ),
                "accessors[0].sparse.count is more than the accessor's count"
            )
        ]
        for (k, (text, reason)) in refusals.enumerated() {
            try Fixtures.write(text, to: dir + "/bad\(k).gltf")
            #expect {
                try ModelImporter.load(path: dir + "/bad\(k).gltf", cache: nil)
            } throws: { error in
                "\(error)" == "\(dir)/bad\(k).gltf: malformed model: " + reason
            }
        }
        let loop = json.replacingOccurrences(of: #""indices": 1}"#, with: #""indices": 1, "mode": 2}"#)
            .replacingOccurrences(of: #""count": 3, "type": "SCALAR""#, with: #""count": 1, "type": "SCALAR""#)
        try Fixtures.write(loop, to: dir + "/loop.gltf")
        #expect {
            try ModelImporter.load(path: dir + "/loop.gltf", cache: nil)
        } throws: { error in
            "\(error)" == "\(dir)/loop.gltf: malformed model: meshes[0].primitives[0]: mode 2 draws with at least 2 vertices, its accessor has 1"
        }
    }
}
