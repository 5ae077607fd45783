#if canImport(Glibc)
import Glibc
#endif

/// An OBJ file's material libraries (`mtllib`), read before Assimp: Assimp 5.2's MTL reader
/// writes into the current material without looking for one on a texture statement
/// (`map_Kd`, `bump`, `disp`, `norm`, `refl`, ...) and on any line beginning with `a` (its
/// anisotropy), so either before the library's first material crashed it (found by mutation
/// under AddressSanitizer). Lines are read as Assimp's reader reads them: it ends them at
/// `\n`, `\r`, `\f` and NUL (`FileLines`), skips the blanks that begin every line but the
/// first, drops a UTF-8 byte order mark, and picks a statement by its first letters, case
/// and all: `ne` or `Ne` makes a material (`NEWMTL` does not). Other statements there are
/// harmless and left alone.
enum OBJMaterialLibraries {
    /// The most material name comparisons an OBJ may ask of Assimp 5.2, which looks each
    /// `usemtl` up in a list of every material so far: `usemtl` statements times (the
    /// libraries' materials plus those statements). 16,000 materials each used once (2^29)
    /// took 4.8 s to import; a CAD export of 10,000 parts over 500 materials asks 2^27.
    static let maximumMaterialLookUps = 1 << 31

    /// Statements naming a texture, by their first word's start, for the lines Assimp reads as
    /// textures (those beginning `m`, `b` or `r`; `disp`; `norm` after `n` or `N`), compared
    /// as Assimp compares them, without case.
    static let textureStatements = ["map_", "bump", "refl"]

    /// What Assimp's reader makes of one line (its blanks and line end already taken off):
    /// a material, a statement that needs one (named), or nothing that matters here.
    enum Statement: Equatable {
        case material
        case needsMaterial(String)
        case other
    }

    /// The statement Assimp 5.2 reads in `line`, by its first letters as its reader picks them.
    static func statement(_ line: Substring) -> Statement {
        let letters = Array(line.utf8.prefix(4))
        guard let first = letters.first else { return .other }
        let second = letters.count > 1 ? letters[1] : 0
        let lowered = line.prefix(8).lowercased()
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            if second == UInt8(ascii: "e") { return .material }
            if second == UInt8(ascii: "o"), lowered.hasPrefix("norm") { return .needsMaterial("a texture") }
        case UInt8(ascii: "m"), UInt8(ascii: "b"), UInt8(ascii: "r"):
            if textureStatements.contains(where: { lowered.hasPrefix($0) }) { return .needsMaterial("a texture") }
        case UInt8(ascii: "d"):
            if letters.elementsEqual("disp".utf8) { return .needsMaterial("a texture") }
        case UInt8(ascii: "a"): return .needsMaterial("an anisotropy")
        default: break
        }
        return .other
    }

    /// Throws when a library the OBJ at `path` names (inside `folder`; one outside is left for
    /// the import to refuse) has a statement that needs a material before its first material,
    /// or when its `usemtl` statements over the libraries' materials ask more than
    /// `maximumMaterialLookUps` comparisons.
    /// `fallback` is the library Assimp opens when one named cannot be: the OBJ's own name with
    /// `mtl` for its last three letters.
    /// Returns the libraries' names as Assimp looks for them (the fallback after one it cannot open).
    @discardableResult
    static func check(_ file: UnsafeMutablePointer<FILE>, folder: String, fallback: String, shown: String, maximumBytes: Int) throws(ModelImportError)
        -> [String]
    {
        let fileSystem = ConfinedFileSystem(folder: folder)
        var checked = Set<String>()
        let found = libraries(file)
        if let line = found.singleVertexLine {
            throw .malformed(path: shown, reason: "line \(line): a line statement (l) of one vertex (Assimp 5.2 writes past its vertices after one)")
        }
        var materials = 0
        var names = found.names.sorted()
        var index = 0
        while index < names.count {
            let name = names[index]
            index += 1
            guard checked.insert(name).inserted else { continue }
            guard let library = fileSystem.resolve(name), let (stream, size) = ConfinedFileSystem.openRegularFile(library) else {
                if !names.contains(fallback) { names.append(fallback) }
                continue
            }
            defer { fclose(stream) }
            guard size <= maximumBytes else { continue }   // the import refuses it by size
            var line = 0, needing = "", seenMaterial = false
            let stop = FileLines.each(stream) { text in
                line += 1
                var text = Substring(text)
                if line == 1 {
                    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }   // Assimp drops a UTF-8 mark
                    // Assimp skips the blanks that begin a line after a statement, but not the
                    // first line's: a first line that begins with a blank is no statement to it.
                    if text.first == " " || text.first == "\t" { return .next }
                }
                // Read to the end: the materials are counted for the look-ups' bound.
                switch statement(text.drop { $0 == " " || $0 == "\t" }) {
                case .material:
                    seenMaterial = true
                    materials += 1
                    return .next
                case .needsMaterial(let what) where !seenMaterial:
                    needing = what
                    return .stop(line)
                case .needsMaterial, .other: return .next
                }
            }
            if case .some(.some(let bad)) = stop {
                throw .malformed(
                    path: shown, reason: "material library '\(name.prefix(80))' line \(bad): \(needing) before any newmtl (no material to attach it to)")
            }
        }
        // Each `usemtl` looks its material up in a list of every material so far.
        let (lookUps, overflow) = found.materialUses.multipliedReportingOverflow(by: materials + found.materialUses)
        if overflow || lookUps > maximumMaterialLookUps {
            throw .exceedsLimit(
                path: shown,
                what:
                    "its \(found.materialUses) usemtl statements over \(materials) library materials ask Assimp 5.2 for more than \(maximumMaterialLookUps) material name comparisons (it looks each up in a list)"
            )
        }
        return names
    }

    /// The names after each `mtllib` (the rest of its line, as Assimp reads it), streamed; and
    /// the first line (1-based) whose `l` statement names exactly one vertex, which Assimp 5.2
    /// counts as no line but gives a vertex slot, so that a later polyline writes past its
    /// vertices (found by a fifth mutation round, under valgrind).
    static func libraries(_ file: UnsafeMutablePointer<FILE>) -> (names: [String], singleVertexLine: Int?, materialUses: Int) {
        var names: [String] = []
        var line = 0, singleVertexLine: Int?, materialUses = 0
        let blank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        _ = FileLines.eachLine(file) { bytes in
            line += 1
            // Only `l` and `mtllib` lines matter: their first bytes are looked at, no text made of the rest.
            guard let start = bytes.firstIndex(where: { !blank($0) }) else { return .next }
            let first = bytes[start]
            if first == UInt8(ascii: "u"), bytes[start...].starts(with: "usemtl".utf8) { materialUses += 1 }
            guard first == UInt8(ascii: "l") || first == UInt8(ascii: "m") else { return .next }
            let trimmed = String(decoding: bytes[start...], as: UTF8.self)[...]
            if singleVertexLine == nil, trimmed.hasPrefix("l ") || trimmed.hasPrefix("l\t"),
                trimmed.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).count == 1
            {
                singleVertexLine = line
            }
            if trimmed.hasPrefix("mtllib ") || trimmed.hasPrefix("mtllib\t"), names.count < 64 {
                // Assimp takes the rest of the line as written; a name trimmed is checked too.
                let rest = trimmed.dropFirst(7).drop { $0 == " " || $0 == "\t" }
                for name in Set([String(rest.hasSuffix("\r") ? rest.dropLast() : rest), rest.trimmed(of: " \t\r")]) where !name.isEmpty {
                    names.append(name)
                }
            }
            return .next
        }
        return (names, singleVertexLine, materialUses)
    }
}
