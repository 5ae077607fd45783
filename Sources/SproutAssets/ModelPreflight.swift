#if canImport(Glibc)
import Glibc
#endif

/// Cheap, streaming checks of a model file before Assimp sees it, for what Assimp 5.2 would
/// crash or hang on: glTF JSON nested deeper than its recursive parser survives, GLB chunk
/// lengths that run past the file, and PLY or binary STL headers that declare more elements
/// than the file's bytes could hold (Assimp allocates for the declared count). Nothing is
/// parsed: bytes are scanned, at most a header is read into memory.
enum ModelPreflight {
    /// Returns what the file holds that Assimp drops without a word, one line each (to be
    /// prefixed with the file's name); throws what Assimp would crash or hang on.
    @discardableResult
    static func check(_ path: String, shownAs shown: String, fileExtension ext: String, limits: ModelLimits) throws(ModelImportError) -> [String] {
        guard let file = fopen(path, "rb") else { throw .fileNotFound(path: shown) }
        defer { fclose(file) }
        fseeko(file, 0, SEEK_END)
        let size = Int(ftello(file))
        fseeko(file, 0, SEEK_SET)
        guard size <= limits.maximumFileBytes else {
            throw .exceedsLimit(path: shown, what: "the file is \(size) bytes, more than the limit of \(limits.maximumFileBytes)")
        }
        switch ext {
        case "gltf": try jsonDepth(file, bytes: size, shown: shown, limits: limits, what: "the glTF JSON")
        case "glb": try glb(file, size: size, shown: shown, limits: limits)
        case "ply": try ply(file, size: size, shown: shown)
        case "stl": try stl(file, size: size, shown: shown)
        case "obj":
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            try OBJMaterialLibraries.check(file, folder: folder.isEmpty ? "/" : folder, shown: shown, maximumBytes: limits.maximumFileBytes)
        case "fbx":
            let findings = try FBXRecords.check(file, size: size, shown: shown)
            return try FBXConnections.check(findings.links, shown: shown, limits: limits) + findings.warnings
        case "dae":
            try COLLADAScan.check(
                file, bytes: size, shown: shown, depthLimit: limits.maximumNodeDepth + Self.colladaSlack, instanceLimit: limits.maximumNodeInstances)
        default: break
        }
        return []
    }

    /// Streams `bytes` of JSON and refuses nesting deeper than the limit (strings skipped).
    static func jsonDepth(_ file: UnsafeMutablePointer<FILE>, bytes: Int, shown: String, limits: ModelLimits, what: String) throws(ModelImportError) {
        var depth = 0, inString = false, escaped = false, left = bytes
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, min($0.count, left), file) }
            guard n > 0 else { break }
            left -= n
            for i in 0..<n {
                let c = buffer[i]
                if inString {
                    if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                    continue
                }
                switch c {
                case 0x22: inString = true
                case 0x5B, 0x7B:
                    depth += 1
                    if depth > limits.maximumJSONDepth {
                        throw .exceedsLimit(path: shown, what: "\(what) nests deeper than \(limits.maximumJSONDepth) levels")
                    }
                case 0x5D, 0x7D: depth -= 1
                default: break
                }
            }
        }
    }

    /// COLLADA elements above the deepest `<node>` (`COLLADA`, `library_visual_scenes`,
    /// `visual_scene`) and below it (`instance_geometry`, `bind_material`, ...).
    static let colladaSlack = 16

    /// GLB 2: a 12-byte header whose length is the file's, then chunks that fit in it; the
    /// JSON chunk gets the depth scan.
    static func glb(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String, limits: ModelLimits) throws(ModelImportError) {
        func word() -> UInt32? {
            var w: UInt32 = 0
            return fread(&w, 4, 1, file) == 1 ? UInt32(littleEndian: w) : nil
        }
        guard let magic = word(), magic == 0x4654_6C67, let version = word(), let length = word() else {
            throw .malformed(path: shown, reason: "not a binary glTF (no 'glTF' header)")
        }
        guard version == 2 else { throw .malformed(path: shown, reason: "binary glTF version \(version); only version 2 is read") }
        guard Int(length) <= size else {
            throw .malformed(path: shown, reason: "the header says \(length) bytes but the file has \(size)")
        }
        var offset = 12
        var first = true
        while offset + 8 <= Int(length) {
            guard let chunkLength = word(), let type = word() else { break }
            let end = offset + 8 + Int(chunkLength)
            guard end <= Int(length) else {
                throw .malformed(path: shown, reason: "a chunk of \(chunkLength) bytes at offset \(offset) runs past the end (\(length) bytes)")
            }
            if first {
                guard type == 0x4E4F_534A else { throw .malformed(path: shown, reason: "the first chunk is not JSON") }
                try jsonDepth(file, bytes: Int(chunkLength), shown: shown, limits: limits, what: "the glTF JSON chunk")
                first = false
            }
            offset = end
            fseeko(file, off_t(offset), SEEK_SET)
        }
    }

    /// PLY: every element's declared count times the fewest bytes one can take must fit in
    /// the body.
    static func ply(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String) throws(ModelImportError) {
        var header: [UInt8] = []
        let cap = min(size, 1 << 16)
        header.reserveCapacity(cap)
        var lineStart = 0
        while header.count < cap {
            let c = fgetc(file)
            guard c >= 0 else { break }
            header.append(UInt8(c))
            if c == 0x0A {   // a line that begins with end_header ends the header
                if header[lineStart...].starts(with: "end_header".utf8) { break }
                lineStart = header.count
            }
        }
        // The header's lines up to the first that begins with "end_header", which must be that
        // word alone: Assimp 5.2 loops forever on "end_headerx" (found by mutation).
        let marker = Array("end_header".utf8)
        var lines: [[Substring]] = []
        var headerLength: Int?
        lineStart = 0
        while lineStart < header.count {
            let lineEnd = header[lineStart...].firstIndex(of: 0x0A) ?? header.count
            let line = header[lineStart..<lineEnd]
            if line.starts(with: marker) {
                let after = line.dropFirst(marker.count)
                guard after.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else {
                    throw .malformed(
                        path: shown, reason: "header line \(lines.count + 1) runs on after end_header ('\(String(decoding: line.prefix(32), as: UTF8.self))')")
                }
                headerLength = min(lineEnd + 1, size)
                break
            }
            lines.append(String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace))
            lineStart = lineEnd + 1
        }
        guard header.starts(with: Array("ply".utf8)), let headerLength else {
            throw .malformed(path: shown, reason: "no PLY header ending in end_header within the first \(cap) bytes")
        }
        let ascii = lines.contains { $0.count >= 2 && $0[0] == "format" && $0[1] == "ascii" }
        let typeSizes: [Substring: Int] = [
            "char": 1, "uchar": 1, "int8": 1, "uint8": 1, "short": 2, "ushort": 2, "int16": 2, "uint16": 2,
            "int": 4, "uint": 4, "int32": 4, "uint32": 4, "float": 4, "float32": 4, "double": 8, "float64": 8, "double64": 8
        ]
        func valueKind(_ type: Substring) -> PLYLists.ValueKind {
            ["char", "int8", "short", "int16", "int", "int32"].contains(type) ? .signed : type.hasPrefix("float") || type == "double" ? .float : .unsigned
        }
        var elements: [PLYLists.Element] = []
        for (number, words) in lines.enumerated() {
            if words.first == "element", words.count >= 3 {
                guard let count = Int(words[2]), count >= 0 else {
                    throw .malformed(path: shown, reason: "element '\(words[1])' has no valid count ('\(words[2].prefix(32))')")
                }
                elements.append(PLYLists.Element(name: words[1], count: count))
            } else if words.first == "property", words.count >= 2, !elements.isEmpty {
                // Assimp ends an element's properties at a type it does not know and reads the
                // body by the rest: a body it sizes otherwise than the scan is refused.
                let isList = words[1] == "list"
                let types = isList ? Array(words.dropFirst(2).prefix(2)) : [words[1]]
                guard types.count == (isList ? 2 : 1), let countBytes = typeSizes[types[0]], let valueBytes = typeSizes[types[types.count - 1]] else {
                    let named = types.first { typeSizes[$0] == nil }.map { "'\($0.prefix(32))' is not a PLY property type" } ?? "a list without its two types"
                    throw .malformed(path: shown, reason: "header line \(number + 1): \(named)")
                }
                let name = words.count > types.count + (isList ? 2 : 1) ? words[types.count + (isList ? 2 : 1)] : ""
                elements[elements.count - 1].properties.append(
                    PLYLists.Property(
                        isList: isList, countBytes: isList ? countBytes : 0, bytes: valueBytes, name: name, values: valueKind(types[types.count - 1]),
                        countSigned: isList && valueKind(types[0]) == .signed))
            }
        }
        // Assimp sizes its vertices by the first vertex element and its faces by the first face
        // or strip element, then loads every one into them: a second, larger one wrote past them.
        for names in [["vertex"], ["face", "tristrips"]] where elements.filter({ names.contains(String($0.name)) }).count > 1 {
            throw .malformed(path: shown, reason: "the header declares more than one '\(names.joined(separator: "' or '"))' element")
        }
        let body = size - headerLength
        var needed = 0
        for e in elements {
            // At least per value: ASCII a digit and a separator; binary the type's size (a list: its count's).
            let least = e.properties.reduce(0) { $0 + (ascii ? 2 : $1.isList ? $1.countBytes : $1.bytes) }
            let (product, overflow) = e.count.multipliedReportingOverflow(by: max(least, 1))
            guard !overflow, product <= body - needed else {
                throw .malformed(path: shown, reason: "the header declares \(e.count) '\(e.name)' elements, more than the \(body)-byte body can hold")
            }
            needed += product
        }
        guard elements.contains(where: { $0.properties.contains(where: \.isList) }), let bytes = FileBytes(file, size: size) else { return }
        let bigEndian = lines.contains { $0.count >= 2 && $0[0] == "format" && $0[1] == "binary_big_endian" }
        try PLYLists.check(
            bytes, from: headerLength, elements: elements, format: ascii ? .ascii : bigEndian ? .binaryBigEndian : .binaryLittleEndian, shown: shown)
    }

    /// Binary STL: 80 bytes, a triangle count, 50 bytes a triangle. (ASCII STL starts "solid"
    /// and has no count.)
    static func stl(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String) throws(ModelImportError) {
        var head = [UInt8](repeating: 0, count: 84)
        let n = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 84, file) }
        let count = n == 84 ? Int(UInt32(head[80]) | UInt32(head[81]) << 8 | UInt32(head[82]) << 16 | UInt32(head[83]) << 24) : -1
        // Many binary exporters also start with "solid": ASCII only when no count fits.
        if n >= 5, head.prefix(5).elementsEqual("solid".utf8), count < 0 || 84 + count * 50 != size { return }
        guard count >= 0 else { throw .malformed(path: shown, reason: "shorter than a binary STL header (84 bytes)") }
        guard 84 + count * 50 <= size else {
            throw .malformed(path: shown, reason: "the header declares \(count) triangles, more than the \(size)-byte file can hold")
        }
    }
}
