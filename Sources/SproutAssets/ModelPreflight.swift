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
    /// prefixed with the file's name); throws what Assimp would crash or hang on. An OBJ's
    /// material libraries, found on the way, go to `foundOBJLibraries` (the import reads what
    /// Assimp does not keep of them without scanning the file again).
    @discardableResult
    static func check(
        _ path: String, shownAs shown: String, fileExtension ext: String, limits: ModelLimits, foundOBJLibraries: (([String]) -> Void)? = nil
    ) throws(ModelImportError) -> [String] {
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
            try objContinuations(file, size: size, shown: shown)
            fseeko(file, 0, SEEK_SET)
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            let fileName = path.split(separator: "/").last.map(String.init) ?? path
            let libraries = try OBJMaterialLibraries.check(
                file, folder: folder.isEmpty ? "/" : folder, fallback: String(fileName.dropLast(3)) + "mtl", shown: shown, maximumBytes: limits.maximumFileBytes
            )
            foundOBJLibraries?(libraries)
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

    /// The most cameras and lights an FBX or COLLADA file may place: Assimp 5.2's check of the
    /// scene looks each up in the node tree by name, so 32,000 COLLADA lights took 11 s and
    /// 24,000 FBX lights 9.7 s; 16,384 take about 3 s. An architectural model's light fixtures
    /// number hundreds to a few thousand. (glTF's cameras are kept from Assimp instead:
    /// `GLTFAssimpView`.)
    static let maximumCamerasAndLights = 16_384

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
        // glTF 2.0 4.4.3: the JSON chunk comes first and must be there.
        if first { throw .malformed(path: shown, reason: "it has no JSON chunk after its 12-byte header (its header gives a length of \(length) bytes)") }
    }

    /// PLY: the header as Assimp reads it (`PLYHeader`); every element's declared count times
    /// the fewest bytes one can take must fit in the body, and the lists in it are measured
    /// (`PLYLists`).
    static func ply(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String) throws(ModelImportError) {
        let cap = min(size, 1 << 16)
        guard let bytes = FileBytes(file, size: size) else {
            throw .malformed(path: shown, reason: "no PLY header ending in end_header within the first \(cap) bytes")
        }
        guard let header = try PLYHeader.read(bytes, cap: cap, shown: shown) else { return }   // Assimp refuses it itself
        let elements = header.elements
        // Assimp sizes its vertices by the first vertex element and its faces by the first face
        // or strip element, then loads every one into them: a second, larger one wrote past them.
        for names in [["vertex"], ["face", "tristrips"]] where elements.filter({ names.contains(String($0.name)) }).count > 1 {
            throw .malformed(path: shown, reason: "the header declares more than one '\(names.joined(separator: "' or '"))' element")
        }
        let body = size - min(header.bodyStart, size)
        var needed = 0
        for e in elements {
            // At least per value: ASCII a digit and a separator; binary the type's size (a list: its count's).
            let least = e.properties.reduce(0) { $0 + (header.format == .ascii ? 2 : $1.isList ? $1.countBytes : $1.bytes) }
            let (product, overflow) = e.count.multipliedReportingOverflow(by: max(least, 1))
            guard !overflow, product <= body - needed else {
                throw .malformed(path: shown, reason: "the header declares \(e.count) '\(e.name)' elements, more than the \(body)-byte body can hold")
            }
            needed += product
        }
        guard elements.contains(where: { $0.properties.contains(where: \.isList) }) else { return }
        // Assimp's binary reader drops a \n that begins the body (after end_header\r\n, or a
        // first value's byte 0x0A): the body is measured from where Assimp reads it.
        let start = header.format != .ascii && header.bodyStart < bytes.count && bytes[header.bodyStart] == 0x0A ? header.bodyStart + 1 : header.bodyStart
        try PLYLists.check(bytes, from: start, elements: elements, format: header.format, buffer: header.buffer, shown: shown)
    }

    /// Assimp 5.2's OBJ reader buffers the file 16 MiB at a time and follows a line continued
    /// with a backslash to the next \n without refilling, or looking past the buffer's end
    /// (found by a fifth mutation round): in a file of that size or more, a continuation is
    /// refused (smaller files fit one buffer, padded with line ends).
    static let objBufferBytes = 4096 * 4096

    static func objContinuations(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String) throws(ModelImportError) {
        guard size >= objBufferBytes, let bytes = FileBytes(file, size: size) else { return }
        var p = 0
        while let slash = bytes.index(of: 0x5C, from: p) {
            if (slash + 1) % objBufferBytes == 0 || (slash + 1 < bytes.count && FileBytes.endsLine(bytes[slash + 1])) {
                throw .malformed(
                    path: shown, reason: "a line continued with a backslash at byte \(slash) of a file of 16 MiB or more (Assimp 5.2 reads past its buffer)")
            }
            p = slash + 1
        }
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
