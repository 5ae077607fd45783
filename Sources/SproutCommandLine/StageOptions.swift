import ArgumentParser

/// The stage a command uses when `--stage` is not given (`sprout preview`: tabletop).
public protocol StageDefaults {
    /// A built-in name or a file.
    static var stage: String { get }
    /// What `--stage` offers, for `--help`.
    static var stageHelp: String { get }
}

extension StageDefaults {
    /// The usual words for `--stage`.
    public static var stageHelp: String { "A built-in stage name (\(stage)) or a stage file (YAML or JSON)." }
}

/// The offscreen frames a command writes when `--output` and `--frames` are not given
/// (`sprout preview`: 8 into sprout-preview).
public protocol FramesDefaults {
    /// The folder for offscreen frames.
    static var output: String { get }
    /// How many frames.
    static var frames: Int { get }
    /// What `--frames` means for the command, for `--help`.
    static var framesHelp: String { get }
}

/// `--stage`, `--size` and `--seed`: the simulated device's world, in a window or offscreen.
public struct StageOptions<Defaults: StageDefaults>: ParsableArguments {
    /// A built-in stage name or a stage file.
    @Option(help: ArgumentHelp(Defaults.stageHelp))
    public var stage: String = Defaults.stage

    /// The window's or the frames' size; the viewport in points is the same.
    @Option(help: ArgumentHelp("Window or frame size in pixels (the viewport in points is the same).", valueName: "WIDTHxHEIGHT"))
    public var size = SizeArgument(width: 1280, height: 720)

    /// The simulated session's noise.
    @Option(help: "Seed of the simulated session's noise.")
    public var seed: UInt64 = 1

    /// The command's defaults.
    public init() {}
}

/// `--output` and `--frames`: the offscreen frames a command writes when there is no display.
public struct FramesOptions<Defaults: FramesDefaults>: ParsableArguments {
    /// The folder for the frames.
    @Option(name: .shortAndLong, help: "Folder for the offscreen frames when there is no display.")
    public var output: String = Defaults.output

    /// How many frames.
    @Option(help: ArgumentHelp(Defaults.framesHelp))
    public var frames: Int = Defaults.frames

    /// The command's defaults.
    public init() {}

    /// Refuses fewer than one frame.
    public func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
    }
}
