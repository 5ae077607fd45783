import ArgumentParser
import SproutAssets
import SproutCommandLine

/// The child of `ImportIsolation`: imports one model under an address-space limit and exits
/// 0, or 1 with the error (a crash ends only this process).
struct ProbeModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-model",
        abstract: "Import a model in this process only, under a memory limit (the child of --isolate-import).",
        shouldDisplay: false
    )

    @Option(help: "Address-space limit in bytes.")
    var memoryLimit: Int

    @Argument(help: "The model file.")
    var model: String

    func run() throws {
        AddressSpaceLimit.apply(bytes: memoryLimit)
        _ = try ModelImporter.load(path: model)
    }
}
