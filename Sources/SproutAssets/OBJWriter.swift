import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes model parts as Wavefront OBJ + MTL (positions, normals, materials), a format every
/// tool reads. Numbers are printed with fixed precision so output is byte-stable.
public enum OBJWriter {
    /// Writes `parts` to `objPath` and their materials to the `.mtl` beside it (the same name with
    /// `.mtl` for `.obj`), each file atomically; one object per part, named after its mesh (or
    /// `partN`). Throws the file system's error when a file cannot be written.
    public static func write(_ parts: [ModelPart], to objPath: String) throws {
        let stem = objPath.hasSuffix(".obj") ? String(objPath.dropLast(4)) : objPath
        let mtlName = String((stem + ".mtl").split(separator: "/").last!)
        var obj = "# Written by Sprout\nmtllib \(mtlName)\n"
        var mtl = "# Written by Sprout\n"
        var base = 1
        for (i, part) in parts.enumerated() {
            let name = part.mesh.name.isEmpty ? "part\(i)" : part.mesh.name
            let material = part.material.name.isEmpty ? "material\(i)" : part.material.name
            mtl += "newmtl \(material)\n" + statements(of: part.material)
            obj += "o \(name)\nusemtl \(material)\n"
            for p in part.mesh.positions { obj += "v \(fixed(p.x)) \(fixed(p.y)) \(fixed(p.z))\n" }
            for n in part.mesh.normals { obj += "vn \(fixed(n.x)) \(fixed(n.y)) \(fixed(n.z))\n" }
            // OBJ's faces, lines and points; its indices count from 1.
            let (keyword, corners) =
                switch part.mesh.primitive {
                case .triangles: ("f", 3)
                case .lines: ("l", 2)
                case .points: ("p", 1)
                }
            for t in stride(from: 0, to: part.mesh.indices.count, by: corners) {
                let refs = (0..<corners).map { k -> String in
                    let v = Int(part.mesh.indices[t + k]) + base
                    return part.mesh.primitive == .triangles ? "\(v)//\(v)" : "\(v)"
                }
                obj += keyword + " " + refs.joined(separator: " ") + "\n"
            }
            base += part.mesh.vertexCount
        }
        try Data(obj.utf8).write(to: URL(fileURLWithPath: objPath), options: .atomic)
        try Data(mtl.utf8).write(to: URL(fileURLWithPath: stem + ".mtl"), options: .atomic)
    }

    /// A material's MTL statements: its colour and opacity, and the metallic-roughness model both
    /// as the Phong-era statements every reader knows and as the PBR ones (Pr, Pm) that newer
    /// readers prefer, each the inverse of how Sprout reads them (`SceneConverter.applyOBJ`, as
    /// Blender does): Ns = (1 - roughness)² x 1000, Ka = metalness under illum 3 (2 without
    /// metal), Ks = half the specular weight, Ni the index of refraction, Ke the emission.
    static func statements(of material: Material) -> String {
        let c = material.baseColor, e = material.emissive
        let metallic = min(max(material.metallic, 0), 1), roughness = min(max(material.roughness, 0), 1)
        let specular = min(max(material.specular, 0), 1) / 2
        func triple(_ x: Float, _ y: Float, _ z: Float) -> String { "\(fixed(x)) \(fixed(y)) \(fixed(z))" }
        return """
            Kd \(triple(c.x, c.y, c.z))
            d \(fixed(c.w))
            Ka \(triple(metallic, metallic, metallic))
            Ks \(triple(specular, specular, specular))
            Ns \(fixed((1 - roughness) * (1 - roughness) * 1000))
            Ni \(fixed(material.ior))
            Ke \(triple(e.x, e.y, e.z))
            illum \(metallic > 0 ? 3 : 2)
            Pr \(fixed(roughness))
            Pm \(fixed(metallic))

            """
    }

    /// Six decimals, no exponent: 0.1 mm resolution at 100 m is plenty for plants.
    static func fixed(_ v: Float) -> String {
        let scaled = (Double(v) * 1_000_000).rounded()
        let negative = scaled < 0
        let magnitude = Int64(abs(scaled))
        let whole = magnitude / 1_000_000, fraction = magnitude % 1_000_000
        let digits = String(fraction)
        let text = "\(whole).\(String(repeating: "0", count: 6 - digits.count))\(digits)"
        return negative && magnitude != 0 ? "-" + text : text
    }
}
