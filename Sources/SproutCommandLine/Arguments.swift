import ArgumentParser
import SproutApp
import SproutMath
import SproutRender
import SproutScene
import SproutSession

/// "x,y,z" on the command line (`--camera-position 0.8,0.9,1.2`).
public struct VectorArgument: ExpressibleByArgument {
    /// The vector given.
    public let value: Vec3

    /// Three finite numbers separated by commas; nil otherwise.
    public init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Float($0.filter { $0 != " " }) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2], x.isFinite, y.isFinite, z.isFinite else { return nil }
        value = Vec3(x, y, z)
    }

    /// How `--help` names the value.
    public static var defaultValueDescription: String { "x,y,z" }
    /// How `--help` shows a default.
    public var defaultValueDescription: String { "\(value.x),\(value.y),\(value.z)" }
}

/// "WIDTHxHEIGHT" in pixels, each in 1...16384.
public struct SizeArgument: ExpressibleByArgument {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int

    /// `1280x720`; nil for anything else.
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        width = w
        height = h
    }

    /// A size of `width` by `height` pixels (a default).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// How `--help` shows the default: `1280x720`.
    public var defaultValueDescription: String { "\(width)x\(height)" }
}

/// `--scale S` or `--fit HEIGHT`: how big a model is made (render, preview, open); `--up z`:
/// which axis its file treats as up (render, preview).
public struct SizingOptions: ParsableArguments {
    /// No sizing asked for.
    public init() {}

    /// `--up`: the model file's up axis.
    @Option(help: "The axis the model's file treats as up: y (default; glTF, most exporters) or z (CAD tools, 3D printing, scanners).")
    public var up: UpAxis = .y

    /// `--scale`: a factor.
    @Option(help: "Scale the model by this factor (a model in centimetres: 0.01).")
    public var scale: Float?

    /// `--fit`: a height in metres.
    @Option(help: "Scale the model evenly to stand this many metres tall.")
    public var fit: Float?

    /// The sizing asked for, checked.
    public var sizing: ModelSizing {
        get throws {
            if scale != nil, fit != nil { throw ValidationError("give --scale or --fit, not both") }
            if let scale {
                guard scale > 0, scale <= 10_000, scale.isFinite else { throw ValidationError("--scale must lie in (0, 10000], got \(scale)") }
                return .scale(scale)
            }
            if let fit {
                guard fit > 0, fit <= 10_000, fit.isFinite else { throw ValidationError("--fit must lie in (0, 10000] metres, got \(fit)") }
                return .fit(height: fit)
            }
            return .asIs
        }
    }
}

/// `--shading realistic|simple` and `--exposure`: how lit surfaces are shaded (render, preview,
/// open, play).
public struct ShadingOptions: ParsableArguments {
    /// Realistic shading at exposure 1, the default tone mapper.
    public init() {}

    /// `--shading`.
    @Option(help: "realistic: glTF's metallic-roughness BRDF and the PBR Neutral tone mapper; simple: Lambert and Blinn-Phong, the cheapest frames.")
    public var shading: RenderOptions.Shading = .realistic

    /// `--exposure`.
    @Option(help: "Exposure before tone mapping (realistic shading): 2 is a stop brighter.")
    public var exposure: Float = 1

    /// `--tone-mapping` (nil: the renderer's default).
    @Option(name: .customLong("tone-mapping"), help: "neutral (Khronos PBR Neutral), aces (as three.js and the Khronos sample viewer) or none (clamped).")
    public var toneMapping: ToneMapping?

    /// Refuses an exposure outside (0, 1000].
    public func validate() throws {
        guard exposure > 0, exposure <= 1000, exposure.isFinite else { throw ValidationError("--exposure must lie in (0, 1000], got \(exposure)") }
    }

    /// `options` with the shading asked for (checked by `validate`).
    public func applied(to options: RenderOptions) -> RenderOptions {
        var options = options
        options.shading = shading
        options.exposure = exposure
        if let toneMapping { options.toneMapping = toneMapping }
        return options
    }
}

// Sprout's enums as option values (`--shading simple`, `--tone-mapping aces`, `--placemark arrow`).
extension RenderOptions.Shading: ExpressibleByArgument {}
extension ToneMapping: ExpressibleByArgument {}
extension UpAxis: ExpressibleByArgument {}
extension PlacemarkStyle: ExpressibleByArgument {}
