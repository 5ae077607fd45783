internal import Yams
import SproutFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads YAML (and JSON, which YAML 1.2 contains) into `DocumentValue`s with line numbers.
public enum Document {
    /// Documents larger than this are refused before parsing: stages, scripts and catalogs are
    /// hand-written and small; a huge file is a mistake, not input.
    public static let maximumSize = 8 << 20

    /// Parses `text`; `file` is only used in messages.
    public static func parse(_ text: String, file: String) throws(DocumentError) -> DocumentValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        } catch {
            throw DocumentError(file: file, line: 0, field: "", message: "cannot parse: \(error)")
        }
        guard let node else { return DocumentValue(content: .null, file: file, line: 1, field: "") }
        // Every value written out takes at least a byte of the text (a key and an empty value,
        // two values), so more values than that come only from aliases expanding: a few
        // hundred bytes of nested aliases (an alias bomb) would otherwise expand to gigabytes.
        var budget = 2 * text.utf8.count + 16
        return try convert(node, file: file, field: "", budget: &budget)
    }

    /// The folder a document's relative paths resolve against: the part of `path` before its
    /// last "/" ("." for a bare name, "/" for a file at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` as written in a document in `folder`: itself when absolute, else inside `folder`.
    public static func path(_ path: String, relativeTo folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// Whether a document's reference (a script's or scene's `stage:`) names a file (a path, or
    /// a name ending in .yaml, .yml or .json) rather than something built in.
    public static func namesFile(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".yaml") || reference.hasSuffix(".yml") || reference.hasSuffix(".json")
    }

    /// A file's name without its folder and its last extension (`scripts/tour.yaml` -> `tour`).
    public static func stem(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// Reads and parses the file at `path`.
    public static func load(path: String) throws(DocumentError) -> DocumentValue {
        let data: [UInt8]
        switch InputFile.read(path: path, limit: maximumSize) {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge(let bytes, _)):
            throw DocumentError(file: path, line: 0, field: "", message: "is \(bytes) bytes; documents are limited to \(maximumSize)")
        case .failure(let refusal):
            throw DocumentError(file: path, line: 0, field: "", message: refusal.description)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw DocumentError(file: path, line: 0, field: "", message: "is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    private static func convert(_ node: Node, file: String, field: String, budget: inout Int) throws(DocumentError) -> DocumentValue {
        let line = node.mark?.line ?? 0
        budget -= 1
        guard budget >= 0 else {
            throw DocumentError(
                file: file, line: line, field: field,
                message: "expands to more values than the document holds: YAML aliases (*name) are not supported; write the values out")
        }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
                return DocumentValue(content: .null, file: file, line: line, field: field)
            }
            return DocumentValue(content: .scalar(scalar.string, isPlain: scalar.style == .plain), file: file, line: line, field: field)
        case .sequence(let sequence):
            var items: [DocumentValue] = []
            for (i, item) in sequence.enumerated() {
                items.append(try convert(item, file: file, field: DocumentValue.element(field, index: i), budget: &budget))
            }
            return DocumentValue(content: .sequence(items), file: file, line: line, field: field)
        case .mapping(let mapping):
            var pairs: [(key: String, value: DocumentValue)] = []
            // A set, not a scan of the pairs: 100,000 keys took 11 s scanned (issue 30).
            var seen = Set<String>()
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let key) = keyNode else {
                    throw DocumentError(file: file, line: keyNode.mark?.line ?? line, field: field, message: "keys must be plain names")
                }
                if !seen.insert(key.string).inserted {
                    throw DocumentError(
                        file: file, line: keyNode.mark?.line ?? line, field: DocumentValue.child(field, key: key.string),
                        message: "appears twice")
                }
                pairs.append((key.string, try convert(valueNode, file: file, field: DocumentValue.child(field, key: key.string), budget: &budget)))
            }
            return DocumentValue(content: .mapping(pairs), file: file, line: line, field: field)
        case .alias:
            throw DocumentError(file: file, line: line, field: field, message: "YAML aliases are not supported; write the value out")
        }
    }

    private static func syntaxError(_ error: YamlError, file: String) -> DocumentError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return DocumentError(file: file, line: mark.line, field: "", message: "not valid YAML or JSON: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks the mapping; name the key the reader wrote twice.
            return DocumentError(
                file: file, line: context.mark.line, field: duplicates.sorted().joined(separator: ", "), message: "appears twice in this mapping")
        case .reader(let problem, let offset, let value, _):
            // Never the document's text: a stage that is someone's secrets file must not be echoed.
            return DocumentError(
                file: file, line: 0, field: "", message: "not valid YAML or JSON: \(problem) (character \(value)\(offset.map { " at byte \($0)" } ?? ""))")
        default:
            return DocumentError(file: file, line: 0, field: "", message: "not valid YAML or JSON: \(excerpt("\(error)"))")
        }
    }

    /// At most 80 characters of `text`, control characters escaped: what an error may quote of a file.
    static func excerpt(_ text: String) -> String { PrintableText.escaped(text, limit: 80) }
}
