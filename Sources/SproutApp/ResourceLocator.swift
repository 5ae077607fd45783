import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds Sprout's own `Assets/` (built-in stages, catalog plants, the model room, the catalog and
/// its packets) only where Sprout put it, never in a folder that merely has the same name:
///
/// 1. `ResourceLocator.override`, set by a program that ships the folder somewhere of its own;
/// 2. the environment variable `SPROUT_RESOURCES`: a folder holding `Assets/` (an install's copy
///    of the resource bundle, say);
/// 3. the resource bundle SwiftPM builds for `SproutApp`, `Sprout_SproutApp.resources/`, beside
///    the running executable, where `swift build` (and `Scripts/install`) puts it.
///
/// An override that names a folder without `Assets/` is an error, not a reason to look further.
/// The shaders need none of this: they are compiled into the binary (`ShaderLibrary`).
public enum ResourceLocator {
    /// The environment variable that names a folder holding Sprout's `Assets/`.
    public static let environmentVariable = "SPROUT_RESOURCES"
    /// The resource bundle's folder name, as SwiftPM names it (`PACKAGE_TARGET.resources`).
    public static let bundleName = "Sprout_SproutApp.resources"

    private static let overrideFolder = Mutex<String?>(nil)

    /// A folder holding `Assets/` that wins over every other place (nil: none). Set it before
    /// the first world or stage is made; any thread may read it.
    public static var override: String? {
        get { overrideFolder.withLock { $0 } }
        set { overrideFolder.withLock { $0 = newValue } }
    }

    /// The `Assets/` folder, or the reason there is none naming every place looked in.
    public static func locateAssets(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String? = executablePath()
    ) -> Result<String, AppError> {
        if let folder = override {
            return assets(in: folder, named: "ResourceLocator.override (\(folder))")
        }
        if let folder = environment[environmentVariable], !folder.isEmpty {
            return assets(in: folder, named: "\(environmentVariable)=\(folder)")
        }
        guard let executable else {
            return .failure(
                AppError("cannot find Sprout's Assets/: the running executable's path is unknown; set \(environmentVariable) to a folder holding Assets/"))
        }
        let bundle = parent(of: executable) + "/" + bundleName
        if isDirectory(bundle + "/Assets") { return .success(bundle + "/Assets") }
        return .failure(
            AppError(
                "cannot find Sprout's Assets/: no \(bundle)/Assets (copy \(bundleName) beside the program, "
                    + "or set \(environmentVariable) to a folder holding Assets/)"))
    }

    /// The `Assets/` folder when it can be found (`locateAssets()` says why not).
    public static var assetsDirectory: String? { try? locateAssets().get() }

    /// The running executable, symbolic links resolved (`/proc/self/exe`).
    public static func executablePath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    private static func assets(in folder: String, named source: String) -> Result<String, AppError> {
        let assets = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/Assets"
        return isDirectory(assets) ? .success(assets) : .failure(AppError("\(source): no Assets/ folder there"))
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

extension Result where Failure == AppError {
    /// The failure's words, or "" on success.
    var failureDescription: String {
        if case .failure(let error) = self { return error.description }
        return ""
    }
}
