#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds Sprout's `Shaders/` and `Assets/` folders from any working directory, without an
/// environment variable: first beside or above the running executable (a build inside the
/// repository, or an install that copies both folders next to the binary), then the source
/// tree this module was compiled from.
public enum ResourceLocator {
    public static func directory(_ name: String) -> String? {
        candidates().lazy.map { $0 + "/" + name }.first { isDirectory($0) }
    }

    public static var shadersDirectory: String? { directory("Shaders") }
    public static var assetsDirectory: String? { directory("Assets") }

    static func candidates() -> [String] {
        var roots: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = parent(of: exe)
            for _ in 0..<6 where dir != "/" {   // .build/<triple>/release/sprout -> repository root is 3-4 levels up
                roots.append(dir)
                dir = parent(of: dir)
            }
        }
        // Sources/SproutRender/ResourceLocator.swift -> repository root.
        roots.append(parent(of: parent(of: parent(of: #filePath))))
        return roots
    }

    static func parent(of path: String) -> String {
        guard let i = path.lastIndex(of: "/"), i != path.startIndex else { return "/" }
        return String(path[..<i])
    }

    static func isDirectory(_ path: String) -> Bool {
        // A trailing slash makes stat fail for anything but a directory.
        FileManager.default.fileExists(atPath: path + "/")
    }
}
