/// A one-triangle glTF file up to its nodes: the asset, a data-URI buffer of three positions and
/// three indices, its views and accessors, and one mesh; tests add nodes and scenes (or change
/// one of these) to make the file they need.
enum OneTriangleGLTF {
    static let geometry = #"""
        {"asset": {"version": "2.0"},
         "buffers": [{"byteLength": 44, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAABAAIAAAA="}],
         "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 6}],
         "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                       {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}],
         "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        """#
}
