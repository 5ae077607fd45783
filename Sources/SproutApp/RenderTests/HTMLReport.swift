import SproutFiles
import SproutImage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One static HTML page a reviewer opens from disk: a table of every case, and for each case
/// that failed or is new, golden, actual and diff side by side with the figures. The pictures
/// are embedded (data URLs), so the page needs nothing beside it.
public enum HTMLReport {
    /// The page for `results`, titled `title`.
    public static func html(_ results: [RenderTestResult], title: String) -> String {
        let counts = Dictionary(grouping: results, by: \.status).mapValues(\.count)
        var page =
            head(title: title) + """
                <p>\(results.count) cases: \(counts[.passed] ?? 0) passed, \(counts[.failed] ?? 0) failed, \(counts[.new] ?? 0) new, \(counts[.updated] ?? 0) updated.</p>
                <table><tr><th>case</th><th>status</th><th>seconds</th><th>file</th></tr>

                """
        for r in results {
            let anchor = r.status == .failed || r.status == .new ? "<a href=\"#\(escape(r.test.name))\">\(escape(r.test.name))</a>" : escape(r.test.name)
            page +=
                "<tr><td>\(anchor)</td><td class=\"\(r.status.rawValue)\">\(r.status.rawValue)</td><td>\(JUnitReport.seconds(r.seconds))</td><td>\(escape(r.test.path))</td></tr>\n"
        }
        page += "</table>\n"
        for r in results where r.status == .failed || r.status == .new {
            page += "<h2 id=\"\(escape(r.test.name))\">\(escape(r.test.name)) <span class=\"\(r.status.rawValue)\">\(r.status.rawValue)</span></h2>\n"
            if !r.problems.isEmpty { page += "<pre>\(escape(r.problems.joined(separator: "\n")))</pre>\n" }
            for o in r.outcomes where o.isFailure {
                page +=
                    "<h3>\(escape(o.name))</h3>\n<p>\(escape(o.summary))<br>tolerance: \(escape(o.tolerance.description))"
                    + (o.toleranceReason.map { " (reason: \(escape($0)))" } ?? "")
                    + (o.warning.map { "<br><strong>warning: \(escape($0))</strong>" } ?? "") + "</p>\n"
                page += figure("golden", o.golden) + figure("actual", o.actual) + figure("diff: failing pixels red, smaller differences yellow", o.diff) + "\n"
            }
        }
        return page + "</body></html>\n"
    }

    /// The page's start, its styles and its title as a heading: every Sprout report begins so.
    static func head(title: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
        table { border-collapse: collapse; } td, th { padding: 2px 10px; text-align: left; border-bottom: 1px solid #ddd; }
        .passed { color: #1a7f37; } .failed { color: #cf222e; font-weight: bold; } .new { color: #9a6700; font-weight: bold; } .updated { color: #0969da; }
        figure { display: inline-block; margin: 0 12px 12px 0; vertical-align: top; } figcaption { font-size: 12px; color: #555; }
        img { max-width: 420px; image-rendering: pixelated; border: 1px solid #ccc; }
        pre { white-space: pre-wrap; background: #f6f8fa; padding: 8px; }
        </style></head><body>
        <h1>\(escape(title))</h1>

        """
    }

    /// Writes `index.html` into `folder` (created when needed); returns its path.
    @discardableResult
    public static func write(_ results: [RenderTestResult], title: String, to folder: String) throws -> String {
        let path = folder + "/index.html"
        try OutputFile.makeFolder(for: path)
        try OutputFile.write(html(results, title: title), to: path)
        return path
    }

    /// A picture embedded as a PNG re-encoded from the pixels it decoded to: a file's own bytes
    /// are never embedded, so a "golden" that is a link to a secret puts nothing of it in the page.
    static func figure(_ caption: String, _ path: String?) -> String {
        guard let path else { return "" }
        guard let image = try? ImageFile.read(path: path), let png = try? ImageCodec.encodePNG(image) else {
            return "<figure><figcaption>\(escape(caption))<br>\(escape(path)): not a readable picture</figcaption></figure>"
        }
        return
            "<figure><img alt=\"\(escape(caption))\" src=\"data:image/png;base64,\(Data(png).base64EncodedString())\"><figcaption>\(escape(caption))<br>\(escape(path))</figcaption></figure>"
    }

    static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
