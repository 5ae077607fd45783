import ArgumentParser

@main
struct Sprout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sprout",
        abstract: "A 3D scene and interaction engine with a headless OpenGL renderer.",
        subcommands: [PreviewCommand.self, PlayCommand.self, RecordCommand.self, OpenCommand.self, GeoCommand.self, RenderCommand.self, CompareCommand.self, TestCommand.self, TestWorkerCommand.self, GrowCommand.self, BenchCommand.self, ProbeModelCommand.self]
    )
}
