import SproutDocument
import SproutFiles
import SproutScript

/// The page `sprout explore --report` writes: each way the runs failed, the first run that
/// failed so, its failure, the shrunk script that repeats it, and that script's frames as a GIF
/// (played offscreen with the invariants on, as the exploration played it).
public enum ExplorationReport {
    /// One shrunk failure: the run, its first failure, and the shrunk script's file.
    public struct Entry: Sendable {
        /// The run that failed first this way.
        public var run: Int
        /// Its failure, in words.
        public var failure: String
        /// Runs that failed this way, in all.
        public var count: Int
        /// The shrunk script's path.
        public var script: String

        /// An entry for `run`, failing with `failure` (`count` runs in all), shrunk to `script`.
        public init(run: Int, failure: String, count: Int, script: String) {
            self.run = run
            self.failure = failure
            self.count = count
            self.script = script
        }
    }

    /// Writes `folder/index.html` and a `run-N.gif` per entry (160 pixels wide frames, every
    /// frame of the shrunk run); returns the page's path.
    @discardableResult
    public static func write(_ entries: [Entry], title: String, runs: Int, failed: Int, to folder: String) throws -> String {
        let path = folder + "/index.html"
        try OutputFile.makeFolder(for: path)
        var page =
            HTMLReport.head(title: title)
            + "<p>\(runs) runs, <span class=\"failed\">\(failed) failed</span>, in \(entries.count) way(s).</p>\n"
        for entry in entries {
            let gif = "run-\(entry.run).gif"
            let player = try ScriptPlayer(path: entry.script)
            player.runner.checksInvariants = true
            player.runner.traceSink = nil
            try player.writeFrames(.none, to: folder, video: folder + "/" + gif, videoWidth: 480)
            _ = try player.run()
            try player.finishVideo()
            let text: String
            switch InputFile.read(path: entry.script, limit: Document.maximumSize) {
            case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
            case .failure(let refusal): text = "\(refusal)"
            }
            page +=
                "<h2>run \(entry.run) <span class=\"failed\">\(HTMLReport.escape(entry.failure))</span></h2>\n"
                + "<p>\(entry.count) run(s) failed this way; shrunk to \(HTMLReport.escape(entry.script)), which <code>sprout play</code> repeats:</p>\n"
                + "<pre>\(HTMLReport.escape(text))</pre>\n<img src=\"\(gif)\" alt=\"the shrunk run, every frame\">\n"
        }
        try OutputFile.write(page + "</body></html>\n", to: path)
        return path
    }
}
