import SproutAssets
import SproutFiles
import SproutScene

extension ModelAsset {
    /// What `sprout render --verbose` says of a model, `name` (default its file): its meshes,
    /// triangles (at full detail; levels of detail counted apart), materials and textures, and on
    /// a second line the clips `--animation` can name, on another the material variants
    /// `--variant` can name, and on another the cameras `--camera` can name.
    public func summary(named name: String? = nil) -> String {
        let models = ([root] + root.descendants).compactMap(\.model)
        let full = models.flatMap(\.parts)
        let levels = models.flatMap(\.levelsOfDetail).map { $0.parts.reduce(0) { $0 + $1.mesh.triangleCount } }
        // Clip and variant names come from the file: printed with control characters escaped.
        let clips = root.animationClips.enumerated().map {
            "\($0.offset): '\(PrintableText.escaped($0.element.name))' (\(Printf.format("%.2f", $0.element.duration)) s)"
        }
        return
            "\(name ?? sourcePath): \(full.count) meshes, \(full.reduce(0) { $0 + $1.mesh.triangleCount }) triangles, \(materials.count) materials, \(textures.count) textures"
            + (levels.isEmpty ? "" : "; levels of detail: " + levels.map { "\($0)" }.joined(separator: ", ") + " triangles")
            + (clips.isEmpty ? "" : "\nclips: " + clips.joined(separator: ", "))
            + (materialVariants.isEmpty ? "" : "\nmaterial variants: " + materialVariants.map { "'\(PrintableText.escaped($0))'" }.joined(separator: ", "))
            + (cameras.isEmpty ? "" : "\ncameras: " + cameras.map(Self.describe).joined(separator: ", "))
    }

    /// A camera as `--verbose` lists it: its name, and its field of view or orthographic height.
    private static func describe(_ camera: ModelCamera) -> String {
        let name = "'\(PrintableText.escaped(camera.name))'"
        switch camera.lens {
        case .orthographic(let halfHeight, _, _): return name + " (orthographic, " + Printf.format("%.3g", 2 * halfHeight) + " m tall)"
        case .perspective: return name + (camera.fovYDegrees.map { " (" + Printf.format("%.1f", $0) + " degrees)" } ?? "")
        }
    }
}
