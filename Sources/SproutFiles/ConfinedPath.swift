#if canImport(Glibc)
import Glibc
#endif

/// The one rule for paths read from a file the user did not write (a catalog, a stage): a
/// relative path, without `..` or backslashes, naming something that exists, whose real path
/// (every symbolic link resolved, folders included) is still inside the folder's real path.
public enum ConfinedPath {
    /// Why `resolve` refused a path.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Absolute, empty, with `..` or a backslash.
        case notRelative
        /// Nothing exists at `path` (the folder and the relative path joined).
        case missing(path: String)
        /// Exists, but a symbolic link on the way leads outside the folder.
        case leavesFolder(path: String)

        /// The refusal in words.
        public var description: String {
            switch self {
            case .notRelative: "not a relative path inside its folder (absolute, empty, with '..' or a backslash)"
            case .missing(let path): "\(path): no such file"
            case .leavesFolder(let path): "\(path): a symbolic link leads outside its folder"
            }
        }
    }

    /// `folder + "/" + relative` when it passes the rule.
    public static func resolve(_ relative: String, in folder: String) -> Result<String, Refusal> {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\\"),
            !relative.split(separator: "/").contains("..")
        else { return .failure(.notRelative) }
        let path = folder + "/" + relative
        guard let real = realPath(path) else { return .failure(.missing(path: path)) }
        guard let root = realPath(folder), real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else {
            return .failure(.leavesFolder(path: path))
        }
        return .success(path)
    }

    /// The canonical path of `path` (every link resolved), or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
