/// A glTF file rewritten as Assimp 5.2 can read it, when it needs to be: buffer views compressed
/// with EXT_meshopt_compression or KHR_meshopt_compression decoded (`MeshoptCodec`), mesh attributes stored as integers
/// (KHR_mesh_quantization, or glTF's own normalised coordinates, colours and weights) turned into floats, textures' EXT_texture_webp, EXT_texture_avif or KHR_texture_basisu
/// images made their sources (decoded by `ImageCodec` as any other), skins without
/// `inverseBindMatrices` given identity ones (glTF's default, which Assimp 5.2 dereferences as
/// if present: a valid file crashed it), accessors without data given their zeros, `extras` Assimp refuses or takes quadratic time over
/// left out of what it reads (`GLTFAssimpView`), and every buffer gathered into the one binary
/// chunk of a GLB, which `ConfinedFileSystem` serves in place of the file. Accessor, buffer view,
/// image, material and node indices stay as they were (what the rewrite adds comes after them), so all Sprout reads from the JSON itself
/// (materials, animations, skins, instances, levels) reads the rewritten document alike.
struct GLTFRewrite {
    /// The rewritten document.
    let json: GLTFJSON
    /// Its one buffer.
    let binary: [UInt8]
    /// The accessor of one position at the origin that Assimp reads in place of each primitive
    /// without POSITION (`primitivesWithoutPositions`); nil when there is none.
    let positionPlaceholder: Int?

    /// The extensions a rewrite takes out of the document.
    static let decodedExtensions = Set(["KHR_mesh_quantization", "EXT_meshopt_compression", "KHR_meshopt_compression"] + imageExtensions)

    /// Texture extensions whose image the rewrite makes the texture's source, the first a
    /// texture names winning (each decodes to the same pixels).
    static let imageExtensions = ["EXT_texture_webp", "EXT_texture_avif", "KHR_texture_basisu", "MSFT_texture_dds"]
    /// The image extensions whose images are block-compressed for GPUs (lossy): taken only for a
    /// texture without a fallback `source`.
    static let blockCompressedExtensions: Set = ["KHR_texture_basisu", "MSFT_texture_dds"]

    /// Whether `gltf` uses an extension Assimp cannot read that a rewrite decodes, or stores an
    /// attribute as integers: glTF 2.0 itself allows normalised bytes and shorts for texture
    /// coordinates, colours and weights (3.7.2.1), which Assimp 5.2 copies into floats bit for bit
    /// (colours aside: it reads those, so they alone ask for no rewrite).
    static func isNeeded(for gltf: GLTFJSON) -> Bool {
        !decodedExtensions.isDisjoint(with: (gltf["extensionsUsed"]?.strings ?? []) + (gltf["extensionsRequired"]?.strings ?? []))
            || !skinsWithoutInverseBinds(gltf).isEmpty || !quantizedAttributes(of: gltf, alsoReadByAssimp: ["COLOR_"]).isEmpty
            || GLTFAssimpView.mustBeKeptFromAssimp(gltf) || !zeroAccessors(of: gltf).isEmpty || !primitivesWithoutPositions(of: gltf).isEmpty
    }

    /// Whether `primitive` has no POSITION attribute: valid glTF, drawn as nothing ("When
    /// positions are not specified, client implementations SHOULD skip primitive's rendering",
    /// glTF 2.0 3.7.2.1), which Assimp 5.2 refuses ("Mesh has no faces").
    static func hasNoPositions(_ primitive: GLTFJSON?) -> Bool { primitive?["attributes"]?["POSITION"] == nil }

    /// The primitives without positions (`hasNoPositions`), as (mesh, primitive) indices.
    static func primitivesWithoutPositions(of gltf: GLTFJSON) -> [(mesh: Int, primitive: Int)] {
        (gltf["meshes"]?.array ?? []).enumerated().flatMap { m, mesh in
            (mesh["primitives"]?.array ?? []).enumerated().compactMap { p, primitive in hasNoPositions(primitive) ? (m, p) : nil }
        }
    }

    /// The accessors Assimp reads with neither a buffer view nor sparse values: all zeros (glTF
    /// 2.0 5.1.1, `accessor.bufferView`: "When undefined, the accessor MUST be initialized with
    /// zeros"), which Assimp 5.2 refuses ("data is null when extracting data from accessors[n]").
    /// Only those a mesh, an animation or a skin names: a file's unused ones are not made.
    static func zeroAccessors(of gltf: GLTFJSON) -> [Int] {
        var named = Set<Int>()
        for primitive in (gltf["meshes"]?.array ?? []).flatMap({ $0["primitives"]?.array ?? [] }) {
            for members in attributeSets(of: primitive) { named.formUnion(members.values.compactMap(\.int)) }
            if let indices = primitive["indices"]?.int { named.insert(indices) }
        }
        for sampler in (gltf["animations"]?.array ?? []).flatMap({ $0["samplers"]?.array ?? [] }) {
            named.formUnion([sampler["input"]?.int, sampler["output"]?.int].compactMap { $0 })
        }
        named.formUnion((gltf["skins"]?.array ?? []).compactMap { $0["inverseBindMatrices"]?.int })
        return named.sorted().filter {
            gltf["accessors"]?[$0] != nil && gltf["accessors"]?[$0]?["bufferView"] == nil && gltf["accessors"]?[$0]?["sparse"] == nil
        }
    }

    /// The components of each accessor type (glTF 2.0 3.6.2.1).
    static let componentsOfType = ["SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16]

    /// The skins that give no `inverseBindMatrices`, with their joint counts.
    static func skinsWithoutInverseBinds(_ gltf: GLTFJSON) -> [(skin: Int, joints: Int)] {
        (gltf["skins"]?.array ?? []).enumerated().compactMap { index, skin in
            skin["inverseBindMatrices"] == nil ? (index, skin["joints"]?.array.count ?? 0) : nil
        }
    }

    /// Why a file cannot be rewritten, naming the field.
    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// `gltf` rewritten, its buffers read through `buffers`; at most `maximumBytes` in the one
    /// buffer (the file's own limit: what decoding makes counts too).
    init(_ gltf: GLTFJSON, buffers: GLTFBuffers, fileSystem: ConfinedFileSystem, maximumBytes: Int) throws(Failure) {
        guard case .object(var document) = gltf else { throw Failure("the document is not a JSON object") }
        var binary: [UInt8] = []
        func append(_ bytes: some Collection<UInt8>, what: @autoclosure () -> String) throws(Failure) -> Int {
            binary += repeatElement(0, count: (4 - binary.count % 4) % 4)
            guard binary.count + bytes.count <= maximumBytes else {
                throw Failure("\(what()) would make the model's data more than the limit of \(maximumBytes) bytes")
            }
            let offset = binary.count
            binary += bytes
            return offset
        }
        // Every buffer that has bytes, where it lies in the one; a meshopt fallback has none.
        var bufferOffsets: [Int?] = []
        for (k, buffer) in (gltf["buffers"]?.array ?? []).enumerated() {
            if let bytes = buffers.buffer(k), let length = buffer["byteLength"]?.int {
                bufferOffsets.append(try append(bytes.prefix(length), what: "buffers[\(k)]"))
            } else if MeshoptCodec.Variant.allCases.contains(where: { buffer["extensions"]?[$0.rawValue]?["fallback"]?.bool == true }) {
                bufferOffsets.append(nil)
            } else {
                throw Failure("buffers[\(k)] cannot be read")
            }
        }
        var views = gltf["bufferViews"]?.array ?? []
        for (v, view) in views.enumerated() {
            guard case .object(var fields) = view else { throw Failure("bufferViews[\(v)] is not an object") }
            if let variant = MeshoptCodec.Variant.allCases.first(where: { view["extensions"]?[$0.rawValue] != nil }),
                let meshopt = view["extensions"]?[variant.rawValue]
            {
                let decoded = try Self.decode(meshopt, of: v, variant: variant, buffers: buffers, limit: maximumBytes - binary.count)
                fields["byteOffset"] = .number(Double(try append(decoded, what: "bufferViews[\(v)] decoded")))
                fields["byteLength"] = .number(Double(decoded.count))
                for other in MeshoptCodec.Variant.allCases { Self.remove(other.rawValue, fromExtensionsOf: &fields) }
            } else {
                guard let k = view["buffer"]?.int, bufferOffsets.indices.contains(k), let base = bufferOffsets[k] else {
                    throw Failure("bufferViews[\(v)] reads a buffer that has no data")
                }
                fields["byteOffset"] = .number(Double(base + (view["byteOffset"]?.int ?? 0)))
            }
            fields["buffer"] = .number(0)
            views[v] = .object(fields)
        }
        document["bufferViews"] = .array(views)
        document["buffers"] = .array([.object(["byteLength": .number(Double(binary.count))])])
        // Integer attributes as floats, read from the views as now laid out.
        var accessors = gltf["accessors"]?.array ?? []
        let laidOut = GLTFBuffers(json: .object(document), binary: binary, fileSystem: fileSystem, maximumBytes: maximumBytes)
        for index in Self.quantizedAttributes(of: gltf).sorted() {
            guard case .object(var fields) = accessors[index] else { continue }
            guard let (values, width) = laidOut.floats(accessor: index) else { throw Failure("accessors[\(index)] cannot be read") }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(values.count * 4)
            for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
            let offset = try append(bytes, what: "accessors[\(index)] as floats")
            views.append(.object(["buffer": .number(0), "byteOffset": .number(Double(offset)), "byteLength": .number(Double(bytes.count))]))
            fields["bufferView"] = .number(Double(views.count - 1))
            fields["byteOffset"] = nil
            fields["componentType"] = .number(5126)   // FLOAT
            fields["normalized"] = nil
            fields["sparse"] = nil   // applied by `floats`
            if width > 0, !values.isEmpty {
                let columns = (0..<width).map { c in stride(from: c, to: values.count, by: width).map { values[$0] } }
                fields["min"] = .array(columns.map { .number(Double($0.min()!)) })
                fields["max"] = .array(columns.map { .number(Double($0.max()!)) })
            }
            accessors[index] = .object(fields)
        }
        // Zeros where an accessor has no data, at most `maximumZeroValues` values (as
        // `GLTFBuffers` reads them): four bytes a value is room for any component type, with
        // matrices' columns padded to four bytes.
        for index in Self.zeroAccessors(of: gltf) where accessors[index]["bufferView"] == nil {
            guard case .object(var fields) = accessors[index], let count = fields["count"]?.int, count >= 0,
                let width = fields["type"]?.string.flatMap({ Self.componentsOfType[$0] })
            else { throw Failure("accessors[\(index)] has no buffer view, and no count and type to make its zeros") }
            let (values, overflow) = count.multipliedReportingOverflow(by: width)
            guard !overflow, values <= GLTFBuffers.maximumZeroValues else {
                throw Failure(
                    "accessors[\(index)] has no buffer view and \(count) elements, more than the \(GLTFBuffers.maximumZeroValues) values read as zeros")
            }
            let offset = try append(repeatElement(0, count: values * 4), what: "accessors[\(index)]'s zeros")
            views.append(.object(["buffer": .number(0), "byteOffset": .number(Double(offset)), "byteLength": .number(Double(values * 4))]))
            fields["bufferView"] = .number(Double(views.count - 1))
            fields["byteOffset"] = nil
            accessors[index] = .object(fields)
        }
        // Identity inverse bind matrices where a skin gives none (glTF's default).
        if case .array(var skins)? = gltf["skins"] {
            for (index, joints) in Self.skinsWithoutInverseBinds(gltf) where joints > 0 {
                guard case .object(var fields) = skins[index] else { continue }
                let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
                var bytes: [UInt8] = []
                for _ in 0..<joints { for value in identity { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } } }
                let offset = try append(bytes, what: "skins[\(index)]'s inverse bind matrices")
                views.append(.object(["buffer": .number(0), "byteOffset": .number(Double(offset)), "byteLength": .number(Double(bytes.count))]))
                accessors.append(
                    .object([
                        "bufferView": .number(Double(views.count - 1)), "componentType": .number(5126), "count": .number(Double(joints)),
                        "type": .string("MAT4")
                    ]))
                fields["inverseBindMatrices"] = .number(Double(accessors.count - 1))
                skins[index] = .object(fields)
            }
            document["skins"] = .array(skins)
        }
        // One position at the origin, which Assimp reads as the only point of each primitive
        // without positions (`GLTFAssimpView.forAssimp`); Sprout draws none of them.
        if Self.primitivesWithoutPositions(of: gltf).isEmpty {
            positionPlaceholder = nil
        } else {
            let offset = try append(repeatElement(0, count: 12), what: "a placeholder position")
            views.append(.object(["buffer": .number(0), "byteOffset": .number(Double(offset)), "byteLength": .number(12)]))
            let origin = GLTFJSON.array([.number(0), .number(0), .number(0)])
            accessors.append(
                .object([
                    "bufferView": .number(Double(views.count - 1)), "componentType": .number(5126), "count": .number(1), "type": .string("VEC3"),
                    "min": origin, "max": origin
                ]))
            positionPlaceholder = accessors.count - 1
        }
        document["bufferViews"] = .array(views)
        document["buffers"] = .array([.object(["byteLength": .number(Double(binary.count))])])
        document["accessors"] = .array(accessors)
        // A WebP, AVIF, KTX2 or DDS image is the texture's source (glTF's own `source` is its
        // fallback, if any). A KTX2 or DDS image only where there is no fallback: the fallback is
        // the same picture before block compression's loss, and it cannot be in a form Sprout does
        // not decode (ZLIB supercompression, HDR).
        if case .array(var textures)? = gltf["textures"] {
            for t in textures.indices {
                guard case .object(var fields) = textures[t] else { continue }
                let hasFallback = fields["source"] != nil
                let chosen = Self.imageExtensions.first { name in
                    textures[t]["extensions"]?[name] != nil && !(Self.blockCompressedExtensions.contains(name) && hasFallback)
                }
                if let name = chosen {
                    guard let image = textures[t]["extensions"]?[name]?["source"]?.int, gltf["images"]?[image] != nil else {
                        throw Failure("textures[\(t)].extensions.\(name).source is not an image")
                    }
                    fields["source"] = .number(Double(image))
                }
                for other in Self.imageExtensions { Self.remove(other, fromExtensionsOf: &fields) }
                textures[t] = .object(fields)
            }
            document["textures"] = .array(textures)
        }
        for key in ["extensionsUsed", "extensionsRequired"] {
            guard let names = gltf[key]?.strings else { continue }
            let kept = names.filter { !Self.decodedExtensions.contains($0) }
            document[key] = kept.isEmpty ? nil : .array(kept.map(GLTFJSON.string))
        }
        json = .object(document)
        self.binary = binary
    }

    /// The GLB Assimp reads, laid out (`write` puts it in place): the rewritten document without
    /// the `extras` and node extensions it cannot take, and a point in place of each primitive
    /// without positions (`GLTFAssimpView`).
    func glbLayout() throws -> GLTFJSON.GLBLayout {
        try GLTFJSON.GLBLayout(GLTFAssimpView.forAssimp(json, positionPlaceholder: positionPlaceholder), binaryCount: binary.count)
    }

    /// An object's `fields` without extension `name`, and without `extensions` once it is empty.
    private static func remove(_ name: String, fromExtensionsOf fields: inout [String: GLTFJSON]) {
        guard case .object(var extensions)? = fields["extensions"] else { return }
        extensions[name] = nil
        fields["extensions"] = extensions.isEmpty ? nil : .object(extensions)
    }

    /// Buffer view `index`'s meshopt compression object (`variant`'s) decoded, at most `limit` bytes.
    private static func decode(
        _ meshopt: GLTFJSON, of index: Int, variant: MeshoptCodec.Variant, buffers: GLTFBuffers, limit: Int
    ) throws(Failure) -> [UInt8] {
        let field = "bufferViews[\(index)].extensions.\(variant.rawValue)"
        guard let source = meshopt["buffer"]?.int, let length = meshopt["byteLength"]?.int, let stride = meshopt["byteStride"]?.int,
            let count = meshopt["count"]?.int, let mode = meshopt["mode"]?.string
        else { throw Failure("\(field) needs buffer, byteLength, byteStride, count and mode") }
        let offset = meshopt["byteOffset"]?.int ?? 0
        guard let bytes = buffers.buffer(source) else { throw Failure("\(field): buffers[\(source)] cannot be read") }
        guard offset >= 0, length >= 0, offset + length <= bytes.count else {
            throw Failure("\(field): bytes \(offset)..<\(offset + length) lie outside buffers[\(source)] (\(bytes.count) bytes)")
        }
        guard count >= 0, stride > 0, count <= Int.max / stride else { throw Failure("\(field): count \(count) x byteStride \(stride) is no size") }
        // meshopt's codecs compress at most 64 to 1 (a group of 16 bytes in 2 bits), version 1
        // attribute streams 1,024 to 1 (a block of up to 256 elements whose every byte is zero in
        // the element's quarter of a control byte): a count the bytes cannot hold is refused
        // before a buffer is made for it.
        guard count * stride <= (variant == .khr ? 1024 : 64) * length + 4096 else {
            throw Failure("\(field): \(length) bytes cannot hold \(count) elements of \(stride) bytes")
        }
        guard count * stride <= limit else {
            throw Failure("\(field): \(count) x \(stride) bytes decoded would make the model's data more than its limit")
        }
        do {
            return try MeshoptCodec.decode(
                bytes[offset..<(offset + length)], count: count, stride: stride, mode: mode, filter: meshopt["filter"]?.string ?? "NONE",
                variant: variant)
        } catch {
            throw Failure("\(field): \(error.reason)")
        }
    }

    /// A primitive's attributes and each of its morph targets, as name -> accessor objects.
    static func attributeSets(of primitive: GLTFJSON) -> [[String: GLTFJSON]] {
        ([primitive["attributes"]] + (primitive["targets"]?.array ?? []).map(Optional.some)).compactMap { set in
            if case .object(let members)? = set { return members }
            return nil
        }
    }

    /// The accessors of mesh attributes and morph targets stored as integers, except joints
    /// (which Assimp reads as integers) and a Draco primitive's (which Assimp decodes): what
    /// glTF and KHR_mesh_quantization allow and Assimp 5.2 does not read.
    /// `alsoReadByAssimp`: attribute name prefixes left out besides `JOINTS_`.
    static func quantizedAttributes(of gltf: GLTFJSON, alsoReadByAssimp: [String] = []) -> Set<Int> {
        let leftOut = ["JOINTS_"] + alsoReadByAssimp
        var found = Set<Int>()
        for mesh in gltf["meshes"]?.array ?? [] {
            for primitive in mesh["primitives"]?.array ?? [] where primitive["extensions"]?["KHR_draco_mesh_compression"] == nil {
                for members in attributeSets(of: primitive) {
                    for (name, value) in members where !leftOut.contains(where: { name.hasPrefix($0) }) {
                        guard let index = value.int, let type = gltf["accessors"]?[index]?["componentType"]?.int, type != 5126 else { continue }
                        found.insert(index)
                    }
                }
            }
        }
        return found
    }
}
