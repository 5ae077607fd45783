import SproutFiles

/// Why a model could not be imported. Every case names the file and says what is wrong.
public enum ModelImportError: Error, CustomStringConvertible, Equatable {
    /// No regular file at `path`.
    case fileNotFound(path: String)
    /// A folder was given where a model file was expected.
    case isFolder(path: String)
    /// The file's extension (lower case, empty when it has none) is not one `ModelImporter` reads.
    case unsupportedFormat(path: String, fileExtension: String)
    /// The model refers to a file outside its own folder; it was not read.
    case pathEscapesFolder(model: String, requested: String)
    /// Assimp could not parse the file (truncated, malformed, missing a referenced file).
    case unreadable(path: String, reason: String)
    /// The file imported, but holds no triangles, lines or points to draw.
    case noGeometry(path: String)
    /// A texture the model uses could not be read or decoded.
    case badTexture(model: String, texture: String, reason: String)
    /// The file is larger, deeper or bigger than `ModelLimits` allows; it was not imported.
    case exceedsLimit(path: String, what: String)
    /// The file's structure contradicts itself (a count or length its bytes cannot hold); it
    /// was refused before Assimp read it.
    case malformed(path: String, reason: String)
    /// A glTF file lists in `extensionsRequired` an extension Sprout cannot draw.
    case unsupportedExtension(path: String, name: String)

    static var formats: String { ModelImporter.supportedExtensions.map { "." + $0 }.joined(separator: ", ") }

    /// What went wrong in one line, starting with the file's path; what it quotes of the file
    /// (names, URIs) with control characters escaped (`PrintableText`).
    public var description: String { PrintableText.escaped(text) }

    private var text: String {
        switch self {
        case let .fileNotFound(path):
            "\(path): no such model file"
        case let .isFolder(path):
            "\(path): is a folder, not a model file; give the model file inside it (\(Self.formats))"
        case let .unsupportedFormat(path, ext) where ext.isEmpty:
            "\(path): has no file extension, and models are read by theirs (\(Self.formats))"
        case let .unsupportedFormat(path, ext):
            "\(path): unsupported model format '.\(ext)' (use \(Self.formats))"
        case let .pathEscapesFolder(model, requested):
            "\(model): refers to '\(requested)', which is outside the model's folder; refused, not read"
        case let .unreadable(path, reason):
            "\(path): cannot import model: \(reason)"
        case let .noGeometry(path):
            "\(path): the file has no triangles, lines or points to draw"
        case let .badTexture(model, texture, reason):
            "\(model): texture '\(texture)': \(reason)"
        case let .exceedsLimit(path, what):
            "\(path): refused: \(what)"
        case let .unsupportedExtension(path, name):
            "\(path): requires the glTF extension \(name), which Sprout cannot draw (README, glTF support)"
        case let .malformed(path, reason):
            "\(path): malformed model: \(reason)"
        }
    }
}
