#if canImport(Glibc)
import Glibc
#endif

/// An OBJ file's material libraries (`mtllib`), read before Assimp: Assimp 5.2's MTL reader
/// crashes (a null material) on a texture statement (`map_Kd`, `bump`, `disp`, `norm`, ...)
/// before the library's first `newmtl`, and on any line beginning with `a` there (its anisotropy),
/// found by mutation under AddressSanitizer. Colour and other scalar statements there are
/// harmless and left alone.
enum OBJMaterialLibraries {
    /// Statements naming a texture, by their first word's start (MTL keywords, any case).
    static let textureStatements = ["map_", "bump", "disp", "norm", "refl", "decal"]

    /// Throws when a library the OBJ at `path` names (inside `folder`; one outside is left for
    /// the import to refuse) has a texture statement before its first material.
    static func check(_ file: UnsafeMutablePointer<FILE>, folder: String, shown: String, maximumBytes: Int) throws(ModelImportError) {
        let fileSystem = ConfinedFileSystem(folder: folder)
        var checked = Set<String>()
        for name in libraries(file).sorted() where checked.insert(name).inserted {
            guard let library = fileSystem.resolve(name), let (stream, size) = ConfinedFileSystem.openRegularFile(library) else { continue }
            defer { fclose(stream) }
            guard size <= maximumBytes else { continue }   // the import refuses it by size
            var line = 0, anisotropy = false
            let stop = FileLines.each(stream) { text in
                line += 1
                // Assimp skips the blanks that begin a line after a statement, but not the first
                // line's: a first line that begins with a blank is no statement to it.
                if line == 1, text.first == " " || text.first == "\t" { return .next }
                let statement = text.drop { $0 == " " || $0 == "\t" }
                let word = statement.prefix { $0 != " " && $0 != "\t" && $0 != "\r" }.lowercased()
                if word == "newmtl" { return .stop(nil) }
                if textureStatements.contains(where: { word.hasPrefix($0) }) { return .stop(line) }
                // Any line that begins with 'a' is read as an anisotropy into the material before
                // the reader looks for one (a null pointer, found by mutation).
                if statement.first == "a" {
                    anisotropy = true
                    return .stop(line)
                }
                return .next
            }
            if case .some(.some(let bad)) = stop {
                throw .malformed(
                    path: shown,
                    reason:
                        "material library '\(name.prefix(80))' line \(bad): \(anisotropy ? "an anisotropy" : "a texture") before any newmtl (no material to attach it to)"
                )
            }
        }
    }

    /// The names after each `mtllib` (the rest of its line, as Assimp reads it), streamed.
    static func libraries(_ file: UnsafeMutablePointer<FILE>) -> [String] {
        var names: [String] = []
        _ = FileLines.each(file) { text in
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("mtllib "), names.count < 64 {
                // Assimp takes the rest of the line as written; a name trimmed is checked too.
                let rest = trimmed.dropFirst(7).drop { $0 == " " || $0 == "\t" }
                for name in Set([String(rest.hasSuffix("\r") ? rest.dropLast() : rest), rest.trimmed(of: " \t\r")]) where !name.isEmpty {
                    names.append(name)
                }
            }
            return .next
        }
        return names
    }
}
