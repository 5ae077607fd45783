import ArgumentParser
import SproutApp
#if canImport(Glibc)
import Glibc
#endif

struct Sprout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sprout",
        abstract: "A 3D scene and interaction engine with a headless OpenGL renderer.",
        version: SproutVersion.string,
        subcommands: [PreviewCommand.self, PlayCommand.self, RecordCommand.self, OpenCommand.self, GeoCommand.self, RenderCommand.self,
                      CompareCommand.self, TestCommand.self, TestWorkerCommand.self, ExploreCommand.self, GrowCommand.self, MakeRoomCommand.self, BenchCommand.self, ProbeModelCommand.self]
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
            printError("Error: unknown command '\(first)'" + (guess.map { "; did you mean '\($0)'?" } ?? "")
                       + "\nCommands: " + visible.joined(separator: ", ") + ". See 'sprout --help'.")
            exit(64)
        }
        Sprout.main()
    }
}

/// The closest name by edit distance, when it is close enough to be a typo.
enum CommandSuggestion {
    static func nearest(to word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        guard let (name, d) = scored, d <= max(2, name.count / 3) else { return nil }
        return name
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
