#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SproutScene
import Testing
@testable import SproutRender

/// The renderer's GLSL sources: built in, or read from a folder named explicitly, file for file.
@Suite struct ShaderLibraryTests {
    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-shaders-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func theLitFragmentShaderIsItsFilesInOrderEndingWithMain() {
        let files = ShaderLibrary.litFragmentFiles
        #expect(files.first == "lit-inputs.glsl")
        #expect(files.last == "lit.frag")
        #expect(files.allSatisfy { ShaderLibrary.fileNames.contains($0) })
        #expect(Set(ShaderLibrary.fileNames).count == ShaderLibrary.fileNames.count)
        // main is in the last file only; every other file declares what those after it use.
        for name in files.dropLast() { #expect(!ShaderLibrary.builtIn.source(name).contains("void main()"), "\(name)") }
        #expect(ShaderLibrary.builtIn.source("lit.frag").contains("void main()"))
        // GLSL looks nothing up ahead: the first mention of each function is its definition.
        let lines = files.map(ShaderLibrary.builtIn.source).joined().split(separator: "\n")
        for function in [
            "slotUV", "fresnelSchlick", "surfaceResponse", "tangentFrame", "punctualLights", "lightVisibility", "addSheen", "addClearcoat", "refractedRead",
            "lightBehind"
        ] {
            let first = lines.first { $0.contains(function + "(") && !$0.hasPrefix("//") }
            let definition = ["void", "float", "vec2", "vec3", "mat3", "bool"].contains { first?.hasPrefix("\($0) \(function)(") == true }
            #expect(definition, "\(function) first appears as \(first.map(String.init) ?? "nothing")")
        }
    }

    /// The numbers the shader and the Swift side share are the same numbers: the stage probe's
    /// level slope (`EnvironmentProbe.boxLevelSlope`) and the GGX lobe's band-scale fit
    /// (`IrradianceSH.reflectionBandScales`, whose values at roughness 0 are 1 + a + b).
    @Test func theShadersFitsAreTheSwiftSidesFits() {
        let inputs = ShaderLibrary.builtIn.source("lit-inputs.glsl")
        #expect(inputs.contains("top + \(EnvironmentProbe.boxLevelSlope) * log2(max(roughness, 1e-4))"))
        let scales = IrradianceSH.reflectionBandScales(roughness: 0)
        #expect(inputs.contains("shBand1(r) * (1.0 + u * (0.33574 + 0.54451 * u))"))
        #expect(inputs.contains("shBand2(r) * (1.0 + u * (1.4766 + 3.66311 * u))"))
        #expect(abs(scales.band1 - (1 + 0.33574 + 0.54451)) < 1e-6 && abs(scales.band2 - (1 + 1.4766 + 3.66311)) < 1e-6)
    }

    @Test func aFolderOfTheBuiltInFilesReadsTheSameSources() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ShaderLibrary.fileNames {
            try ShaderLibrary.builtIn.source(name).write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let library = try ShaderLibrary(folder: folder)
        #expect(library.origin == folder)
        for name in ShaderLibrary.fileNames { #expect(library.source(name) == ShaderLibrary.builtIn.source(name), "\(name)") }
    }

    @Test func aFolderWithoutOneOfTheFilesIsRefusedNamingIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ShaderLibrary.fileNames where name != "brdf.glsl" {
            try ShaderLibrary.builtIn.source(name).write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        #expect(throws: RenderError.self) { try ShaderLibrary(folder: folder) }
        do {
            _ = try ShaderLibrary(folder: folder)
        } catch {
            #expect("\(error)".contains("\(folder)/brdf.glsl"))
        }
    }
}
