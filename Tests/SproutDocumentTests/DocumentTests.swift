import Testing
@testable import SproutDocument

@Suite struct DocumentTests {
    @Test func readsNestedValuesWithTheirLinesAndFields() throws {
        let text = """
            name: demo
            items:
              - size: [1, 2.5]
                label: "7"
            """
        let root = try Document.parse(text, file: "demo.yaml")
        let o = try root.object(allowing: ["name", "items"])
        #expect(try o.required("name").string() == "demo")
        let item = try o.required("items").array()[0]
        let size = try item.object(allowing: ["size", "label"]).required("size")
        #expect(try size.numbers(count: 2) == [1, 2.5])
        #expect(size.line == 3)
        #expect(size.field == "items[0].size")
        // A quoted number is text, not a number.
        let label = try item.object(allowing: ["size", "label"]).required("label")
        #expect(throws: DocumentError(file: "demo.yaml", line: 4, field: "items[0].label", message: "expected a number, got '7'")) {
            try label.double()
        }
    }

    @Test func jsonIsAccepted() throws {
        let root = try Document.parse(#"{"a": [1, 2, 3], "b": true}"#, file: "x.json")
        let o = try root.object(allowing: ["a", "b"])
        #expect(try o.required("a").numbers(count: 3) == [1, 2, 3])
        #expect(try o.required("b").bool())
    }

    @Test func unknownFieldsAreRefusedWithTheAllowedOnes() throws {
        let root = try Document.parse("name: x\ncolour: red\n", file: "s.yaml")
        let error = #expect(throws: DocumentError.self) { try root.object(allowing: ["name", "color"]) }
        #expect(error?.description == "s.yaml:2: colour: unknown field; did you mean 'color'? expected one of name, color (or an x- key of your own)")
    }

    @Test func theNearestKnownKeyIsSuggestedForATypo() {
        let scene = ["size", "msaa", "shadows", "stage", "camera", "light", "models", "tolerance"]
        #expect(Document.nearest("modles", in: scene) == "models")   // a transposition is one edit
        #expect(Document.nearest("Models", in: scene) == "models")
        #expect(Document.nearest("step", in: ["stage", "seed", "steps"]) == "steps")
        #expect(Document.nearest("zoom", in: scene) == nil)   // 4 edits from anything
        #expect(Document.nearest("at", in: ["a", "fps"]) == "a")   // a 2-letter word: 1 edit at most
        #expect(Document.nearest("xy", in: ["fps"]) == nil)
    }

    @Test func extensionKeysAreSkipped() throws {
        let root = try Document.parse("name: x\nx-note: kept for people\nx-later: { a: 1 }\n", file: "s.yaml")
        let o = try root.object(allowing: ["name"])
        #expect(o.keys == ["name"])
        #expect(o.optional("x-note") == nil)
    }

    @Test func nonFiniteNumbersAreRefused() throws {
        for text in ["x: .nan", "x: .inf", "x: -.inf", "x: nan"] {
            let x = try Document.parse(text, file: "n.yaml").object(allowing: ["x"]).required("x")
            #expect(throws: DocumentError.self) { try x.double() }
        }
    }

    @Test func syntaxErrorsNameTheLine() {
        let error = #expect(throws: DocumentError.self) { try Document.parse("a: 1\nb: [1, 2\nc: 3\n", file: "bad.yaml") }
        #expect(error?.file == "bad.yaml")
        #expect((error?.line ?? 0) >= 2)
        #expect(error?.message.hasPrefix("not valid YAML or JSON") == true)
    }

    @Test func duplicateKeysAreRefused() {
        let error = #expect(throws: DocumentError.self) { try Document.parse("b: 0\na: 1\na: 2\n", file: "d.yaml") }
        #expect(error?.field == "a")
        #expect(error?.message == "appears twice in this mapping")
        #expect(error?.line == 2)   // where the key first appears
    }

    @Test func missingRequiredFieldsAndWrongKinds() throws {
        let o = try Document.parse("size: [1, 2, 3]\n", file: "m.yaml").object(allowing: ["size", "name"])
        #expect(throws: DocumentError(file: "m.yaml", line: 1, field: "name", message: "is required")) { try o.required("name") }
        #expect(throws: DocumentError(file: "m.yaml", line: 1, field: "size", message: "expected 2 numbers, got 3")) {
            try o.required("size").numbers(count: 2)
        }
        #expect(throws: DocumentError(file: "m.yaml", line: 1, field: "size", message: "expected text, got a list")) {
            try o.required("size").string()
        }
    }

    @Test func missingFilesAreNamed() {
        #expect(throws: DocumentError(file: "/nonexistent/stage.yaml", line: 0, field: "", message: "no such file")) {
            try Document.load(path: "/nonexistent/stage.yaml")
        }
    }

    @Test func choicesListTheAlternatives() throws {
        let v = try Document.parse("a: sideways", file: "c.yaml").object(allowing: ["a"]).required("a")
        #expect(throws: DocumentError(file: "c.yaml", line: 1, field: "a", message: "must be one of horizontal, vertical; got 'sideways'")) {
            try v.choice(["horizontal", "vertical"])
        }
    }

    @Test func relativePathsResolveAgainstTheDocumentsFolder() {
        #expect(Document.folder(of: "stages/room.yaml") == "stages")
        #expect(Document.folder(of: "room.yaml") == ".")
        #expect(Document.folder(of: "/room.yaml") == "/")
    }

    /// Nine levels of nine aliases (about 400 bytes) expanded to 387 million values and 3 GB.
    @Test func anAliasBombIsRefusedBeforeItExpands() {
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        let names = Array("abcdefghi")
        for i in 1..<names.count {
            let previous = String(names[i - 1])
            text += "\(names[i]): &\(names[i]) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ",") + "]\n"
        }
        let error = #expect(throws: DocumentError.self) { try Document.parse(text, file: "bomb.yaml") }
        #expect(error?.description.hasPrefix("bomb.yaml:1: c[") == true, "\(error?.description ?? "")")
        #expect(
            error?.description.hasSuffix("expands to more values than the document holds: YAML aliases (*name) are not supported; write the values out") == true
        )
    }

    @Test func aMessageQuotingAHugeValueIsCut() {
        let error = DocumentError(
            file: "s.yaml", line: 3, field: "steps[0].place", message: "unknown object '" + String(repeating: "x", count: 1_000_000) + "'")
        #expect(error.message.count < 560)
        #expect(error.message.hasSuffix("... (1000017 bytes in all)"))
        #expect(error.description.hasPrefix("s.yaml:3: steps[0].place: unknown object 'xxx"))
    }
}

/// Top-level keys from bytes, without a parse (issue 30, item 4: `sprout test` sorts cases by
/// them and leaves the parse to the worker, under `--timeout`).
@Suite struct DocumentKeysTests {
    func keys(_ text: String) -> [String]? { DocumentKeys.scan(Array(text.utf8)) }

    @Test func blockMappingsGiveTheirColumnZeroKeys() {
        #expect(
            keys("# a scene\nsize: [16, 16]\nmodels:\n  - pot\n  - { model: a.glb, at: [0, 0, 0] }\n\"light\": { }\n'x-note': hi\n") == [
                "size", "models", "light", "x-note"
            ])
        #expect(keys("---\nsteps:\n  - wait: 1\ncamera: {position: [0, 1, 2], lookAt: [0, 0, 0]}\n...\n") == ["steps", "camera"])
        #expect(keys("\u{FEFF}stage: tabletop\nsteps: []\n") == ["stage", "steps"])
        #expect(keys("name: |\n  models: not a key\n  steps: nor this\nsurfaces: []\n") == ["name", "surfaces"])
        #expect(keys("url: https://a.example/x\n") == ["url"])   // the ':' in the value is not a key's
    }

    @Test func flowMappingsAndJSONGiveTheirDepthOneKeys() {
        #expect(keys(#"{ "size": [16, 16], "models": [{"model": "pot", "at": [0, 0, 0]}], "x": {"steps": 1} }"#) == ["size", "models", "x"])
        #expect(keys("{models: [pot], size: [8, 8]}") == ["models", "size"])
        #expect(keys(#"{"a\"b": 1, "c": "d: e"}"#) == ["a\"b", "c"])
    }

    @Test func whatIsNotAMappingGivesNil() {
        #expect(keys("") == nil && keys("# only a comment\n") == nil)
        #expect(keys("- a\n- b\n") == nil && keys("[1, 2]") == nil && keys("just text") == nil)
    }
}
