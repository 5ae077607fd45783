import ArgumentParser
import SproutApp
import SproutCommandLine
import SproutFiles
#if canImport(Glibc)
import Glibc
#endif

struct Sprout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sprout",
        abstract: "A 3D scene and interaction engine with a headless OpenGL renderer.",
        version: SproutVersion.string,
        subcommands: [
            PreviewCommand.self, PlayCommand.self, RecordCommand.self, OpenCommand.self, GeoCommand.self, RenderCommand.self, CompareCommand.self,
            TestCommand.self, TestWorkerCommand.self, ExploreCommand.self, GrowCommand.self, MakeRoomCommand.self, BenchCommand.self, ProbeModelCommand.self
        ]
    )

    /// Names a user may type (hidden ones included: they are exact).
    static var commandNames: [String] { configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"] }

}

/// The program: says which command was meant when the first word is not one, then runs `Sprout`.
@main
enum Entry {
    static func main() {
        if let first = CommandLine.arguments.dropFirst().first, !first.hasPrefix("-"), !Sprout.commandNames.contains(first) {
            let visible = Sprout.configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
            let guess = CommandSuggestion.nearest(to: first, among: visible)
            let hint = guess.map { "; did you mean '\($0)'?" } ?? ""
            printError("Error: unknown command '\(first)'\(hint)\nCommands: " + visible.joined(separator: ", ") + ". See 'sprout --help'.")
            exit(64)
        }
        // ArgumentParser's own `main`, but an error's message is printed with its control
        // characters escaped: it may quote a model's or a scene file's names (a clip, a camera)
        // and must not send a terminal escape sequence.
        do {
            var command = try Sprout.parseAsRoot()
            try command.run()
        } catch {
            let code = Sprout.exitCode(for: error)
            if code == .success { Sprout.exit(withError: error) }   // --help, --version
            let message = Sprout.fullMessage(for: error)   // empty for ExitCode: the command said why
            if !message.isEmpty { printError(PrintableText.escapedKeepingLines(message)) }
            exit(code.rawValue)
        }
    }
}

/// One line on standard error.
func printError(_ line: String) { StandardError.print(line) }
