import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// KHR_animation_pointer: a channel's JSON pointer names a node's transform, a material's value
/// or a light's, and the clip drives it as it drives a node.
@Suite struct GLTFAnimationPointerTests {
    static let fixture = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/pointer-animations.gltf"

    @Test func pointersNameWhatTheyDrive() {
        #expect(GLTFAnimationPointer("/nodes/3/rotation") == .node(3, .rotation))
        #expect(GLTFAnimationPointer("/nodes/0/weights") == .node(0, .morphWeights))
        #expect(GLTFAnimationPointer("/materials/2/pbrMetallicRoughness/roughnessFactor") == .material(2, .direct(.roughness)))
        #expect(GLTFAnimationPointer("/materials/0/emissiveFactor") == .material(0, .emissiveFactor))
        #expect(
            GLTFAnimationPointer("/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength") == .material(0, .emissiveStrength))
        #expect(
            GLTFAnimationPointer("/materials/1/extensions/KHR_materials_clearcoat/clearcoatNormalTexture/extensions/KHR_texture_transform/rotation")
                == .material(1, .direct(.textureRotation(.clearcoatNormal))))
        #expect(
            GLTFAnimationPointer("/materials/3/extensions/KHR_materials_dispersion/dispersion") == .material(3, .direct(.dispersion)))
        #expect(
            GLTFAnimationPointer("/materials/0/extensions/KHR_materials_volume/attenuationDistance")
                == .material(0, .direct(.attenuationDistance)))
        #expect(
            GLTFAnimationPointer("/materials/0/extensions/KHR_materials_iridescence/iridescenceThicknessMaximum")
                == .material(0, .direct(.iridescenceThicknessMaximum)))
        #expect(
            GLTFAnimationPointer("/materials/0/extensions/KHR_materials_iridescence/iridescenceIor") == .material(0, .direct(.iridescenceIOR)))
        #expect(GLTFAnimationPointer("/extensions/KHR_lights_punctual/lights/4/spot/outerConeAngle") == .light(4, .outerConeAngle))
        #expect(GLTFAnimationPointer("/cameras/0/perspective/yfov") == .camera(0, .fovY))
        #expect(GLTFAnimationPointer("/cameras/2/orthographic/ymag") == .camera(2, .halfHeight))
        #expect(GLTFAnimationPointer("/cameras/2/orthographic/zfar") == .camera(2, .far))
        // Well formed, but not something Sprout animates (the picture's shape and Sprout's clipping rule these).
        #expect(GLTFAnimationPointer("/cameras/0/perspective/aspectRatio") == .notAnimated)
        #expect(GLTFAnimationPointer("/cameras/0/orthographic/xmag") == .notAnimated)
        #expect(GLTFAnimationPointer("/nodes/0/extensions/KHR_node_visibility/visible") == .node(0, .visibility))
        #expect(GLTFAnimationPointer("/nodes/0/extensions/VENDOR_glow/level") == .notAnimated)
        #expect(GLTFAnimationPointer("/materials/0/pbrMetallicRoughness/baseColorTexture/texCoord") == .notAnimated)
        // RFC 6901's escapes: "~1" is "/" (no member of glTF has one, so nothing Sprout drives).
        #expect(GLTFAnimationPointer("/materials/0/a~1b") == .notAnimated)
        // Not pointers into the file: no leading "/", a negative or non-numeric index, a bad escape.
        for bad in ["nodes/0/translation", "/nodes/-1/translation", "/materials/x/emissiveFactor", "/nodes/0/tr~2anslation", ""] {
            #expect(GLTFAnimationPointer(bad) == nil, "\(bad)")
        }
    }

    /// The fixture's clip at half time: every value halfway between its two keys.
    @Test func aClipDrivesMaterialsLightsAndNodesThroughPointers() throws {
        let asset = try ModelImporter.load(path: Self.fixture, cache: nil)
        #expect(
            asset.warnings == [
                "\(Self.fixture): has 1 KHR_animation_pointer channel(s) on what Sprout does not animate (the first: /cameras/0/perspective/aspectRatio), which do not play"
            ])
        let clip = try #require(asset.root.animationClips.first)
        // Six pointers played, ember's emissive on both parts drawn with it (ember's and blink's).
        #expect(clip.name == "pulse" && clip.channels.count == 7 && clip.duration == 1)
        let square = try #require(asset.root.findEntity(named: "square")), lamp = try #require(asset.root.findEntity(named: "lamp"))
        let ember = try #require(asset.root.findEntity(named: "ember")), blink = try #require(asset.root.findEntity(named: "blink"))
        // KHR_node_visibility: hidden as the file has it, so it counts in no bounds either.
        #expect(!blink.isEnabled && asset.root.visualBounds().max.y < 2)
        clip.apply(to: asset.root, at: 0.5)
        let glow = try #require(square.model?.parts[0].material)
        #expect(glow.baseColor == Vec4(0.5, 0, 0.5, 1))
        #expect(glow.mapping(.baseColor).offset == Vec2(0.5, 0.25))
        #expect(lamp.light?.intensity == 5 && lamp.transform.translation == Vec3(0, 1, 0))
        // Sprout's emissive is the factor times the strength: (0.5, 0.5, 0.5) x 2.
        #expect(ember.model?.parts[0].material.emissive == Vec3(1, 1, 1))
        // STEP: the key at 0 s (1, shown) holds until the key at 1 s (0, hidden).
        #expect(blink.isEnabled)
        clip.apply(to: asset.root, at: 1)
        #expect(!blink.isEnabled)
        clip.apply(to: asset.root, at: 0)
        #expect(square.model?.parts[0].material.baseColor == Vec4(1, 0, 0, 1) && lamp.light?.intensity == 0 && blink.isEnabled)
    }

    /// A player cross-fading out of the clip returns a material to where it was before (its rest).
    @Test func aPlayerReturnsAMaterialToItsRest() throws {
        let asset = try ModelImporter.load(path: Self.fixture, cache: nil)
        let square = try #require(asset.root.findEntity(named: "square"))
        let rest = AnimationPose.rest(of: asset.root, for: asset.root.animationClips)
        let pulse = try #require(asset.root.animationClips.first).pose(at: 1)
        let halfway = AnimationPose.blend(pulse, AnimationPose(), t: 0.5, rest: rest)
        halfway.apply(to: asset.root)
        // Halfway from blue (1 s) back to the file's red.
        #expect(square.model?.parts[0].material.baseColor == Vec4(0.5, 0, 0.5, 1))
    }

    /// A material channel counts once per part it drives: the fixture's clip plays 7 channels.
    @Test func moreChannelsThanTheLimitAreRefused() throws {
        #expect(throws: Never.self) { try ModelImporter.load(path: Self.fixture, limits: ModelLimits(maximumAnimationChannels: 7), cache: nil) }
        #expect {
            try ModelImporter.load(path: Self.fixture, limits: ModelLimits(maximumAnimationChannels: 6), cache: nil)
        } throws: {
            "\($0)"
                == "\(Self.fixture): refused: more than 6 animation channels (a material's KHR_animation_pointer channel counts once per part drawn with it)"
        }
    }

    @Test func readingEveryPointerBeforeImportIsSafe() throws {
        // The fuzzed preflight reads every pointer channel's sampler without a scene.
        #expect(throws: Never.self) { try ModelImporter.preflight(path: Self.fixture) }
    }
}
