/// An FBX geometry's vertex data layers (normals, tangents, binormals, UVs, colours), measured
/// before Assimp 5.2 reads them. Assimp resolves a layer mapped `ByVertice` through
/// `IndexToDirect` indices wrongly: it wants one index per polygon corner, then looks each one
/// up in its per-control-point tables, so a layer with more corners than control points reads
/// past those tables (a SEGV, found by mutation under AddressSanitizer), and a layer as the FBX
/// SDK means it, one index per control point, is dropped without a word. The first is refused,
/// the second warned about.
///
/// The scans of both encodings (`FBXRecords`' binary walk, `FBXASCIIScan`) report each element
/// with its depth: a geometry ends at the next element no deeper than it.
struct FBXLayers {
    /// The layers Assimp resolves through its per-control-point tables, with the name of each
    /// one's index array; tangents and binormals also have a singular form, which Assimp reads
    /// when the plural data (`Tangents`) is absent.
    static let vertexDataLayers: [String: (index: String, plural: String?, singularIndex: String?)] = [
        "LayerElementNormal": ("NormalsIndex", nil, nil), "LayerElementUV": ("UVIndex", nil, nil), "LayerElementColor": ("ColorIndex", nil, nil),
        "LayerElementTangent": ("TangentsIndex", "Tangents", "TangentIndex"), "LayerElementBinormal": ("BinormalsIndex", "Binormals", "BinormalIndex"),
        "LayerElementMaterial": ("Materials", nil, nil)
    ]
    /// The layers Assimp files by their own index into fixed tables (8 UV sets, 8 colour sets),
    /// checking only that it is not too large: a negative one wrote before the table (found by
    /// mutation).
    static let numberedLayers: Set<String> = ["LayerElementUV", "LayerElementColor"]
    /// The shortest name the check reads (`UVIndex`), but for those Assimp takes for a geometry:
    /// other short records (`P`, `C`, `a`) are skipped before their names are decoded.
    static let shortestName = 7

    /// Whether Assimp takes an object of this key for a geometry (`FBXClass`: any start of
    /// "Geometry", even none).
    static func isGeometryKey<Name: Collection<UInt8>>(_ name: Name) -> Bool { FBXClass.of(name) == .geometry }

    /// Whether the check reads an element of this name.
    static func reads<Name: Collection<UInt8>>(_ name: Name) -> Bool {
        name.count >= shortestName || isGeometryKey(name) || name.elementsEqual("Layer".utf8)
    }

    private struct Layer {
        var kind: String
        var index: String, plural: String?, singularIndex: String?
        /// The first of each element Assimp reads (it takes the first of a repeated key).
        var mapping: String?, reference: String?
        var counts: [String: Int] = [:]
        var seen: Set<String> = []
    }

    private struct Geometry {
        var label: String
        var depth: Int
        var controlPoints: Int?
        var polygonVertices: Int?
        var layers: [Layer] = []
        /// Whether elements one level below a layer belong to the last layer.
        var inLayer = false
    }

    private var geometry: Geometry?
    private let shown: String
    /// What Assimp drops, one line each.
    private(set) var warnings: [String] = []

    init(shown: String) { self.shown = shown }

    /// Every element (record or key) as it begins, read or not: one no deeper than the open
    /// geometry ends it, and the geometry is judged.
    mutating func enter(depth: Int) throws(ModelImportError) {
        guard let open = geometry else { return }
        if depth <= open.depth {
            try finish()
        } else if depth == open.depth + 1 {
            geometry?.inLayer = false   // a new child of the geometry: a layer says so itself
        }
    }

    /// An element the check reads (`reads`): its name, depth (0 at the top), its first string
    /// property and the number of values its array holds, where it has one (an ASCII array is
    /// reported again, with its count, once its values are read). Where a key repeats, the first
    /// counts, as in Assimp.
    /// `tokens` is how many properties it has, `integer` its first one as an integer, if it is
    /// one (a layer's index).
    mutating func element(_ name: String, depth: Int, string: String?, arrayCount: Int?, tokens: Int = 0, integer: Int? = nil) throws(ModelImportError) {
        if Self.isGeometryKey(name.utf8), arrayCount == nil {
            guard geometry == nil else { return }   // inside a geometry: not an object
            geometry = Geometry(label: Self.label(string), depth: depth)
            return
        }
        guard var open = geometry else { return }
        defer { geometry = open }
        if depth == open.depth + 1, arrayCount == nil {
            // Assimp reads a layer's index as its first token without looking for one (it read
            // past the tokens), and files numbered layers by their index.
            if name == "Layer", tokens == 0 {
                throw .malformed(path: shown, reason: "geometry '\(open.label)' has a Layer without its index (Assimp 5.2 reads past its tokens)")
            }
            if Self.numberedLayers.contains(name), let integer, integer < 0 {
                throw .malformed(
                    path: shown,
                    reason: "geometry '\(open.label)' numbers a \(name.dropFirst("LayerElement".count)) layer \(integer) (Assimp 5.2 writes before its table)")
            }
        }
        if depth == open.depth + 1 {
            switch name {
            case "Vertices": if let arrayCount, open.controlPoints == nil { open.controlPoints = arrayCount / 3 }
            case "PolygonVertexIndex": if let arrayCount, open.polygonVertices == nil { open.polygonVertices = arrayCount }
            default:
                if let names = Self.vertexDataLayers[name], arrayCount == nil {
                    open.layers.append(
                        Layer(kind: String(name.dropFirst("LayerElement".count)), index: names.index, plural: names.plural, singularIndex: names.singularIndex))
                    open.inLayer = true
                }
            }
        } else if depth == open.depth + 2, open.inLayer {
            let last = open.layers.count - 1
            open.layers[last].seen.insert(name)
            switch name {
            case "MappingInformationType": if open.layers[last].mapping == nil { open.layers[last].mapping = string ?? "" }
            case "ReferenceInformationType": if open.layers[last].reference == nil { open.layers[last].reference = string ?? "" }
            default: if let arrayCount, open.layers[last].counts[name] == nil { open.layers[last].counts[name] = arrayCount }
            }
        }
    }

    /// Judges the open geometry, if any: call once the file's elements are all reported.
    mutating func finish() throws(ModelImportError) {
        guard let open = geometry else { return }
        geometry = nil
        guard let polygonVertices = open.polygonVertices, let controlPoints = open.controlPoints else { return }
        // Materials: Assimp reads AllSame and ByPolygon through IndexToDirect; any other mapping
        // it says it ignores, but keeps the list it read as the faces' materials, reading past
        // it for each face it does not cover (found by mutation), and making a mesh for each
        // value in it (a 1,729-value list took 4 GB).
        for layer in open.layers where layer.kind == "Material" {
            guard layer.mapping != "AllSame", layer.mapping != "ByPolygon" || layer.reference != "IndexToDirect",
                let count = layer.counts["Materials"], count > 1
            else { continue }
            throw .malformed(
                path: shown,
                reason:
                    "geometry '\(open.label)' assigns \(count) materials mapped \(layer.mapping ?? "by nothing") through \(layer.reference ?? "nothing") (Assimp 5.2 reads only AllSame and ByPolygon through IndexToDirect, and misreads the rest)"
            )
        }
        for layer in open.layers where layer.kind != "Material" && layer.mapping == "ByVertice" && layer.reference == "IndexToDirect" {
            let index = layer.plural.map { layer.seen.contains($0) } == false ? layer.singularIndex ?? layer.index : layer.index
            guard let indices = layer.counts[index] else { continue }   // Assimp reads the values directly
            if indices == polygonVertices && polygonVertices > controlPoints {
                throw .malformed(
                    path: shown,
                    reason:
                        "geometry '\(open.label)' maps its \(layer.kind) layer ByVertice through \(indices) IndexToDirect indices, more than its \(controlPoints) control points (Assimp 5.2 reads past its tables)"
                )
            }
            if indices != polygonVertices {
                warnings.append(
                    "geometry '\(open.label)': its \(layer.kind) layer, mapped ByVertice through IndexToDirect indices, is dropped (Assimp 5.2 reads such indices as one per polygon corner)"
                )
            }
        }
    }

    /// A geometry's name from its name property: binary `Cube\0\u{1}Geometry`, ASCII
    /// `Geometry::Cube`; at most 64 characters.
    static func label(_ property: String?) -> String {
        guard let property else { return "?" }
        var name = Substring(property)
        if let end = name.firstIndex(of: "\0") { name = name[..<end] }
        if let separator = name.firstRange(of: "::") { name = name[separator.upperBound...] }
        return String(name.prefix(64))
    }
}
