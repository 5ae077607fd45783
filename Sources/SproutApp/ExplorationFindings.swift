import SproutDocument
import SproutFiles
import SproutScript

/// What `sprout explore` leaves of its failing runs: each first failure of a kind shrunk and
/// written beside the script as `NAME.explore-RUN.yaml` (edited from the script's own YAML, so
/// its comments and relative paths hold; `sprout play` repeats it), with what the HTML report
/// and the JUnit file say of every failing run.
public struct ExplorationFindings {
    /// The report's entries: one per shrunk script written.
    public private(set) var entries: [ExplorationReport.Entry] = []
    /// Every failing run for JUnit: its failure and the detail (frame, shrunk script).
    public private(set) var reported: [(run: Int, message: String, detail: String)] = []
    /// Failing runs by the way they failed (`expect`, `invariant`, ...).
    public private(set) var counts: [String: Int] = [:]

    /// Writes the shrunk scripts of `failures` (runs of `player`'s script explored with `seed`)
    /// into `folder` (default the script's own); `say` hears each file written.
    public init(_ failures: [Explorer.Failure], of player: ScriptPlayer, seed: UInt64, folder: String? = nil, say: (String) -> Void) throws {
        let text: String
        switch InputFile.read(path: player.path, limit: Document.maximumSize) {
        case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .failure(let refusal): throw AppError("\(player.path): \(refusal)")
        }
        let folder = folder ?? Document.folder(of: player.path)
        for failure in failures {
            counts[failure.failure.what, default: 0] += 1
            guard let shrunk = failure.shrunk else {
                reported.append((failure.run, "\(failure.failure)", "frame \(failure.frame); fails as an earlier run, shrunk there"))
                continue
            }
            let header =
                "shrunk by sprout explore from run \(failure.run) of \(player.path) (seed \(seed)): \(shrunk.failure.what)\n"
                + "\(failure.script.steps.count) steps became \(shrunk.script.steps.count); sprout play repeats it"
            guard let edited = ScriptText.edit(text, from: player.script, to: shrunk.script, header: header) else {
                say("        run \(failure.run): not written (only a YAML block list of steps can be shrunk to a file)")
                reported.append((failure.run, "\(failure.failure)", "frame \(failure.frame)\n\(shrunk.failure)"))
                continue
            }
            let target = folder + "/" + Document.stem(of: player.path) + ".explore-\(failure.run).yaml"
            try OutputFile.makeFolder(for: target)   // `--output` may name a folder not there yet
            try OutputFile.write(edited, to: target)
            say("        run \(failure.run) shrunk to \(shrunk.script.steps.count) step(s): \(target)")
            entries.append(
                ExplorationReport.Entry(
                    run: failure.run, failure: "\(failure.failure)",
                    count: failures.filter { $0.failure.what == failure.failure.what }.count, script: target))
            reported.append(
                (failure.run, "\(failure.failure)", "frame \(failure.frame)\nshrunk to \(shrunk.script.steps.count) step(s): \(target)\n\(shrunk.failure)"))
        }
    }

    /// Writes the HTML report (each way of failing, its shrunk script and a GIF of it) into the
    /// folder `report` and JUnit (a case per run) to `junit`, each when given, for `runs` runs of
    /// the script at `path`; `say` hears the report's page.
    public func writeReports(report: String?, junit: String?, runs: Int, script path: String, say: (String) -> Void) throws {
        if let report {
            say("report \(try ExplorationReport.write(entries, title: "sprout explore " + path, runs: runs, failed: reported.count, to: report))")
        }
        if let junit {
            try OutputFile.write(JUnitReport.exploration(runs: runs, failures: reported, suiteName: "explore " + path, file: path), to: junit)
        }
    }

    /// `3 failed (expect: 2, invariant: 1)`, or `0 failed`.
    public var summary: String {
        let what = counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "\(reported.count) failed" + (what.isEmpty ? "" : " (\(what))")
    }
}
