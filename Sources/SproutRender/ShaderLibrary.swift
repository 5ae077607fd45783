#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The renderer's GLSL sources: the ones compiled into Sprout (`Sources/SproutRender/Shaders/`,
/// embedded by SwiftPM's `embedInCode`), or a folder of the same files that a caller names
/// explicitly. No folder is ever looked for, so a program's own `Shaders/` cannot stand in for
/// Sprout's.
public struct ShaderLibrary: Sendable {
    /// The lit fragment shader's files, in the order they are joined (after `color.glsl`): its
    /// inputs, then the functions `lit.frag`'s `main` calls, each file using only those before it.
    public static let litFragmentFiles = [
        "lit-inputs.glsl", "coverage.glsl", "brdf.glsl", "normals.glsl", "lights.glsl", "layers.glsl", "transmission.glsl", "lit.frag"
    ]

    /// The file names the renderer reads (`coverage.glsl` also joined before `shadow.frag`).
    public static let fileNames = ["color.glsl", "deform.glsl", "lit.vert"] + litFragmentFiles + ["shadow.vert", "shadow.frag", "sky.vert", "sky.frag"]

    /// Where the sources came from: `built in`, or the folder given.
    public let origin: String
    private let sources: [String: String]

    /// The sources compiled into Sprout.
    public static let builtIn = ShaderLibrary(
        origin: "built in",
        sources: [
            "color.glsl": PackageResources.color_glsl, "deform.glsl": PackageResources.deform_glsl, "lit.vert": PackageResources.lit_vert,
            "lit-inputs.glsl": PackageResources.lit_inputs_glsl, "coverage.glsl": PackageResources.coverage_glsl, "brdf.glsl": PackageResources.brdf_glsl,
            "normals.glsl": PackageResources.normals_glsl, "lights.glsl": PackageResources.lights_glsl,
            "layers.glsl": PackageResources.layers_glsl, "transmission.glsl": PackageResources.transmission_glsl, "lit.frag": PackageResources.lit_frag,
            "shadow.vert": PackageResources.shadow_vert, "shadow.frag": PackageResources.shadow_frag,
            "sky.vert": PackageResources.sky_vert, "sky.frag": PackageResources.sky_frag
        ].mapValues { String(decoding: $0, as: UTF8.self) })

    private init(origin: String, sources: [String: String]) {
        self.origin = origin
        self.sources = sources
    }

    /// The files of `fileNames` read from `folder` (to try changed shaders without rebuilding);
    /// throws naming the first file that cannot be read.
    public init(folder: String) throws {
        var sources: [String: String] = [:]
        for name in Self.fileNames {
            do { sources[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8) } catch {
                throw RenderError("cannot read shader \(folder)/\(name) (a shader folder must hold \(Self.fileNames.joined(separator: ", ")))")
            }
        }
        self.init(origin: folder, sources: sources)
    }

    /// The source of one of `fileNames`.
    public func source(_ name: String) -> String {
        guard let source = sources[name] else { preconditionFailure("ShaderLibrary has no \(name)") }
        return source
    }
}
