#if canImport(Glibc)
import Glibc
#endif
import SproutMath

/// What an OBJ's material libraries say that Assimp 5.2 does not keep: which of `Ks` and `Ni`
/// each material gives (Assimp reads an absent one as black and 1, which Blender's importer
/// does not), and its maps' offset and scale options (`-o`, `-s`, which Assimp skips). Read
/// with Assimp's own name for a material: the rest of its `newmtl` line as written, trimmed.
struct OBJMaterialStatements: Equatable {
    /// A map's options: u, v (and w) added after scaling, as the MTL format and Blender's
    /// importer apply them to the coordinates.
    struct MapOptions: Equatable {
        var offset = Vec2(0, 0)
        var scale = Vec2(1, 1)
        /// `-bm`, a bump map's multiplier, where given.
        var bumpMultiplier: Float?
        /// The file name after the options (the rest of the line).
        var file = ""
        /// Whether Assimp 5.2 lost the map: it skips three values after `-o` and `-s` whatever
        /// follows, so one given fewer takes the file name with them.
        var lostByAssimp = false
    }

    /// The name Assimp 5.2 gives a `newmtl` without one (AI_DEFAULT_MATERIAL_NAME).
    static let assimpDefaultName = "DefaultMaterial"

    /// The materials the libraries define (the others' statements are unknown here).
    var materials: Set<String> = []
    /// Per material, the statements it gives among those tracked (`ks`, `ni`), lower case.
    var given: [String: Set<String>] = [:]
    /// Per material, its maps with options, by statement (`map_kd`, `map_ke`, `map_bump`, `bump`, `norm`), lower case.
    var maps: [String: [String: MapOptions]] = [:]

    /// The statements of the `libraries` an OBJ names (as `OBJMaterialLibraries` found them),
    /// each read inside `fileSystem`'s folder and at most `maximumBytes` long; empty when none
    /// can be read (Assimp's reading then stands alone).
    static func read(libraries: [String], fileSystem: ConfinedFileSystem, maximumBytes: Int) -> OBJMaterialStatements {
        var result = OBJMaterialStatements()
        for name in Set(libraries).sorted() {
            guard let path = fileSystem.resolve(name), let (stream, size) = ConfinedFileSystem.openRegularFile(path) else { continue }
            defer { fclose(stream) }
            guard size <= maximumBytes else { continue }
            var material: String?
            _ = FileLines.each(stream) { line in
                result.add(line: line, of: &material)
                return .next
            }
        }
        return result
    }

    /// Adds what one line of a library says; `material` is the one its last `newmtl` began.
    mutating func add(line: String, of material: inout String?) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first else { return }
        let keyword = first.lowercased()
        if keyword == "newmtl" {
            // Assimp's name: the rest of the line after the keyword and its blanks, as written
            // (a tab or two blanks inside kept), trimmed at the end; none is its default name.
            let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            var name = line.drop(while: blank).dropFirst(first.count).drop(while: blank)
            while let last = name.last, blank(last) { name = name.dropLast() }
            material = name.isEmpty ? Self.assimpDefaultName : String(name)
            if let material { materials.insert(material) }
            return
        }
        guard let material else { return }
        if ["ks", "ni"].contains(keyword) { given[material, default: []].insert(keyword) }
        if ["map_kd", "map_ke", "map_bump", "bump", "norm"].contains(keyword), let options = Self.options(words.dropFirst()) {
            maps[material, default: [:]][keyword] = options
        }
    }

    /// The `-o` and `-s` options before a map's file name (one to three numbers each; `-bm`'s
    /// one; other options skipped with their arguments as the format gives them), and the file
    /// name after them; nil without `-o` or `-s`.
    static func options(_ words: ArraySlice<Substring>) -> MapOptions? {
        var options = MapOptions(), found = false
        var index = words.startIndex
        while index < words.endIndex, words[index].hasPrefix("-") {
            let option = words[index].lowercased()
            index += 1
            var numbers: [Float] = []
            while index < words.endIndex, numbers.count < 3, let value = Float(words[index]), value.isFinite {
                numbers.append(value)
                index += 1
            }
            if option == "-o" || option == "-s", numbers.count < 3 { options.lostByAssimp = true }
            switch option {
            case "-o" where !numbers.isEmpty:
                options.offset = Vec2(numbers[0], numbers.count > 1 ? numbers[1] : 0)
                found = true
            case "-s" where !numbers.isEmpty:
                options.scale = Vec2(numbers[0], numbers.count > 1 ? numbers[1] : 1)
                found = true
            case "-bm" where !numbers.isEmpty:
                options.bumpMultiplier = numbers[0]
            case "-clamp", "-blendu", "-blendv", "-cc", "-imfchan", "-type":
                if numbers.isEmpty, index < words.endIndex { index += 1 }   // a word argument (on, off, r, sphere, ...)
            default:
                break
            }
        }
        options.file = words[index...].joined(separator: " ")
        return found ? options : nil
    }
}
