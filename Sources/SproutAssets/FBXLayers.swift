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
    /// The layers Assimp resolves through its per-control-point tables.
    static let vertexDataLayers: Set<String> = [
        "LayerElementNormal", "LayerElementTangent", "LayerElementBinormal", "LayerElementUV", "LayerElementColor"
    ]
    /// The shortest name the check reads (`UVIndex`): shorter records (`P`, `C`, `a`) are skipped
    /// before their names are decoded.
    static let shortestName = 7

    private struct Layer {
        var kind: String
        var mapping = "", reference = ""
        var indices: Int?
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

    /// One element: its name, depth (0 at the top), its first string property and the number of
    /// values its array holds, where it has one.
    mutating func element(_ name: String, depth: Int, string: String?, arrayCount: Int?) throws(ModelImportError) {
        if let open = geometry, depth <= open.depth { try finish() }
        if name == "Geometry" {
            geometry = Geometry(label: Self.label(string), depth: depth)
            return
        }
        guard var open = geometry else { return }
        defer { geometry = open }
        if depth == open.depth + 1 {
            open.inLayer = false
            switch name {
            case "Vertices": if let arrayCount { open.controlPoints = arrayCount / 3 }
            case "PolygonVertexIndex": if let arrayCount { open.polygonVertices = arrayCount }
            default:
                if Self.vertexDataLayers.contains(name) {
                    open.layers.append(Layer(kind: String(name.dropFirst("LayerElement".count))))
                    open.inLayer = true
                }
            }
        } else if depth == open.depth + 2, open.inLayer {
            let last = open.layers.count - 1
            switch name {
            case "MappingInformationType": open.layers[last].mapping = string ?? ""
            case "ReferenceInformationType": open.layers[last].reference = string ?? ""
            default: if name.hasSuffix("Index"), let arrayCount { open.layers[last].indices = arrayCount }
            }
        }
    }

    /// Judges the open geometry, if any: call once the file's elements are all reported.
    mutating func finish() throws(ModelImportError) {
        guard let open = geometry else { return }
        geometry = nil
        guard let polygonVertices = open.polygonVertices, let controlPoints = open.controlPoints else { return }
        for layer in open.layers where layer.mapping == "ByVertice" && layer.reference == "IndexToDirect" {
            guard let indices = layer.indices else { continue }   // Assimp reads the values directly
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
