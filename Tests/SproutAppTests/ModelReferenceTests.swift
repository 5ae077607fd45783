import SproutMath
import SproutAssets
import SproutTesting
import SproutScript
import Testing
@testable import SproutApp

/// Catalog plants work wherever a model path does: scenes, scripts, the command line.
@Suite struct ModelReferenceTests {
    @Test func namesResolveToFilesPlantsAndBuiltIns() throws {
        let assets = try #require(Assets.directory)
        #expect(try ModelReference.resolve("sunflower", relativeTo: "/x") == .plant(key: "sunfl", path: assets + "/plants/sunflower.glb"))
        #expect(try ModelReference.resolve("sunfl", relativeTo: "/x") == .plant(key: "sunfl", path: assets + "/plants/sunflower.glb"))
        #expect(try ModelReference.resolve("pot", relativeTo: "/x") == .builtIn("pot"))
        #expect(try ModelReference.resolve("models/a.glb", relativeTo: "/x") == .file("/x/models/a.glb"))
        #expect(try ModelReference.resolve("a.glb", relativeTo: "/x") == .file("/x/a.glb"))
        #expect(try ModelReference.resolve("/abs/a.obj", relativeTo: "/x") == .file("/abs/a.obj"))
        #expect(ModelReference.plantNames == ["sunflower", "tomato", "basil", "lavender", "tulip", "corn"])
    }

    @Test func anUnknownNameListsWhatIsKnown() {
        do { _ = try ModelReference.resolve("sunflowr", relativeTo: "."); Issue.record("resolved a typo") } catch {
            #expect(
                "\(error)"
                    == "'sunflowr' is not a model file, a catalog plant (sunflower, tomato, basil, lavender, tulip, corn) or a built-in model (seedling, pot, painting, sticky-note)"
            )
        }
    }

    /// A +Z-up file (an OBJ triangle reaching 2 m along z and 1 m along x, 0.5 m down -y) stands
    /// upright with `up: z`: (x, y, z) becomes (x, z, -y), so it is 2 m tall and 0.5 m deep, and
    /// `fit: 1` halves it from that upright height (to the float: the turn is a quaternion).
    @Test func aZUpFileIsTurnedUprightBeforeItIsSizedOrStood() throws {
        let dir = try Fixtures.temporaryDirectory("up-axis")
        try Fixtures.write("v 0 0 0\nv 1 -0.5 0\nv 0 0 2\nf 1 2 3\n", to: dir + "/part.obj")
        let reference = ModelReference.file(dir + "/part.obj")
        let lying = try reference.load().entity.visualBounds(posed: false)
        #expect(lying.min == Vec3(0, 0, 0) - Vec3(0.5, 0, 1) && lying.max == Vec3(0.5, 0.5, 1))   // footprint centred
        let upright = try reference.load(up: .z).entity.visualBounds(posed: false)
        #expect(upright.min.isApproximately(Vec3(-0.5, 0, -0.25)) && upright.max.isApproximately(Vec3(0.5, 2, 0.25)), "\(upright)")
        let fitted = try reference.load(sizing: .fit(height: 1), up: .z).entity.visualBounds(posed: false)
        #expect(fitted.min.isApproximately(Vec3(-0.25, 0, -0.125)) && fitted.max.isApproximately(Vec3(0.25, 1, 0.125)), "\(fitted)")
    }

    @Test func aScriptPlacesACatalogPlantByName() throws {
        let dir = try Fixtures.temporaryDirectory("catalog-place")
        try Fixtures.write(
            "seed: 1\nsteps:\n  - wait: 2.5\n  - place: basil\n  - wait: 0.1\n  - expect: { objects: 1, object: basil, onPlane: true }\n", to: dir + "/s.yaml")
        let player = try ScriptPlayer(path: dir + "/s.yaml")
        #expect(try player.run().isEmpty)
        // The basil stands 45 cm tall on the table, its stem's foot where it was placed.
        let basil = try #require(player.world.engine.objects.first)
        let bounds = basil.visualBounds()
        #expect(abs(bounds.max.y - bounds.min.y - 0.45) < 0.01)
    }
}

/// A script sizes its objects as scenes do: `{ model, scale | fit }`.
@Suite struct ScriptObjectSizeTests {
    @Test func aScriptFitsItsFoxToHalfAMetre() throws {
        let dir = try Fixtures.temporaryDirectory("script-fit")
        try Fixtures.write(
            """
            seed: 1
            objects: { fox: { model: \(Fixtures.sharedModel("Fox/Fox.glb")), fit: 0.5 } }
            steps:
              - wait: 2.5
              - place: fox
              - expect: { objects: 1 }
            """, to: dir + "/s.yaml")
        let player = try ScriptPlayer(path: dir + "/s.yaml")
        #expect(try player.run().isEmpty)
        let fox = try #require(player.world.engine.objects.first).visualBounds()
        #expect(abs(fox.max.y - fox.min.y - 0.5) < 0.01)
        #expect(player.script.objectSizes["fox"] == .fitHeight(0.5))
    }

    @Test func scaleAndFitTogetherAreRefused() {
        do { _ = try Script.parse("objects: { a: { model: a.glb, scale: 2, fit: 1 } }\nsteps: []", file: "s.yaml"); Issue.record("accepted both") } catch {
            #expect("\(error)" == "s.yaml:1: objects.a.fit: give scale or fit, not both")
        }
    }
}

/// A script draws an object in one of its file's material variants (`variant:`).
@Suite struct ScriptObjectVariantTests {
    static let pair = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/variant-pair.gltf"

    @Test func anObjectTakesItsVariantsMaterials() throws {
        let script = try Script.parse("objects: { pair: { model: \(Self.pair), variant: Midnight } }\nsteps: []", file: "s.yaml")
        #expect(script.objectVariants == ["pair": "Midnight"])
        let entity = try ScriptPlayer.model(named: "pair", script: script, folder: "/")
        let parts = try #require(entity.findEntity(named: "pair")?.model).parts
        #expect(parts.map(\.material.name) == ["blue", "red"])
    }

    /// `sprout preview MODEL --variant`: each placed copy in the variant; one the file lacks refused before anything runs.
    @Test func previewPlacesItsModelInTheVariant() throws {
        let load = try PreviewApp.plantLoader(Self.pair, variant: "Beach")
        #expect(try #require(try load().findEntity(named: "pair")?.model).parts.map(\.material.name) == ["green", "green"])
        #expect(throws: MaterialVariantError(model: Self.pair, name: "Noon", known: ["Midnight", "Beach"])) {
            try PreviewApp.plantLoader(Self.pair, variant: "Noon")
        }
        #expect(throws: MaterialVariantError(model: "pot", name: "Beach", known: [])) { try ModelReference.builtIn("pot").load(variant: "Beach") }
    }

    /// `variant: { object, name }` swaps a placed object's materials as it plays; `expect:` checks
    /// it and the trace says it (only while one is chosen).
    @Test func aStepChoosesAVariantAndExpectAndTheTraceSayIt() throws {
        let dir = try Fixtures.temporaryDirectory("script-variant")
        try Fixtures.write(
            """
            seed: 1
            objects: { pair: { model: \(Self.pair) } }
            steps:
              - wait: 2.5
              - place: pair
              - expect: { object: pair, variant: "" }
              - variant: { object: pair, name: Beach }
              - expect: { object: pair, variant: Beach }
              - variant: { object: pair }
              - expect: { object: pair, variant: "" }
            """, to: dir + "/s.yaml")
        let player = try ScriptPlayer(path: dir + "/s.yaml")
        #expect(try player.run().isEmpty)
        // The steps after `name: Beach` until `variant: { object: pair }` record it; none records another.
        let trace = player.traceText
        #expect(trace.components(separatedBy: #""variant": "Beach""#).count == 3 && trace.components(separatedBy: #""variant": ""#).count == 3)
        let parts = try #require(player.world.objects.first?.descendants.first { $0.model != nil }?.model).parts
        #expect(parts.map(\.material.name) == ["red", "green"])
        try Fixtures.write(
            """
            objects: { pair: { model: \(Self.pair) } }
            steps:
              - wait: 2.5
              - place: pair
              - variant: { object: pair, name: Noon }
            """, to: dir + "/noon.yaml")
        #expect {
            try ScriptPlayer(path: dir + "/noon.yaml").run()
        } throws: {
            "\($0)" == "\(dir)/noon.yaml:5: steps[2].variant: 'pair' has no material variant 'Noon'; its variants are 'Midnight', 'Beach'"
        }
    }

    @Test func aVariantTheFileLacksOrWithoutAModelIsRefused() throws {
        let script = try Script.parse("objects: { pair: { model: \(Self.pair), variant: Noon } }\nsteps: []", file: "s.yaml")
        #expect {
            try ScriptPlayer.model(named: "pair", script: script, folder: "/")
        } throws: {
            "\($0)" == "\(Self.pair): has no material variant 'Noon' (it declares 'Midnight', 'Beach')"
        }
        do { _ = try Script.parse("objects: { a: { alignment: any, variant: Midnight } }\nsteps: []", file: "s.yaml"); Issue.record("accepted") } catch {
            #expect("\(error)" == "s.yaml:1: objects.a.variant: needs `model:` beside it")
        }
    }
}
