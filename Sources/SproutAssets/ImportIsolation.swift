#if canImport(Glibc)
import Glibc
#endif
import SproutFiles

/// Importing in a child process first, so a crash or a runaway inside Assimp (a C library:
/// what it does with a hostile file cannot all be checked beforehand) ends the child, not the
/// program, and becomes an error naming the file.
///
/// The child is `executable arguments... PATH` (for the CLI: `sprout probe-model`, which
/// imports under a memory limit it sets on itself and exits 0, or 1 with the error on standard
/// error). When it succeeds the model is imported again in this process.
public struct ImportIsolation: Sendable {
    /// The program run as the child, as a path (it is not looked up on `PATH`); for the CLI, its own executable.
    public var executable: String
    /// Arguments before `--memory-limit N PATH` (default `probe-model`).
    public var arguments: [String]
    /// Seconds the child may take before it is killed.
    public var timeLimit: Double
    /// The child's address-space limit (passed to it as `--memory-limit`; it sets it itself).
    public var memoryLimitBytes: Int
    /// The file extensions imported in the child first; nil: every format.
    public var formats: Set<String>?

    /// The formats Assimp alone parses (FBX, COLLADA, OBJ, PLY, STL): for glTF, Sprout reads
    /// and checks the whole JSON and every buffer itself before Assimp sees the file, while
    /// these keep more of Assimp's parser beyond Sprout's byte scans (AddressSanitizer found
    /// crashes there that no scan covers yet: FUZZING.md).
    public static let assimpOnlyFormats: Set<String> = ["fbx", "dae", "obj", "ply", "stl"]

    /// This running program's own file (`/proc/self/exe`, else how it was started): a program
    /// that is its own import child (`sprout probe-model`) or its own test worker.
    public static var thisProgram: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    /// Isolation through `executable` of the files whose extension is in `formats` (nil: all),
    /// with a 30 s time limit and an 8 GiB address-space limit by default.
    public init(
        executable: String, arguments: [String] = ["probe-model"], timeLimit: Double = 30, memoryLimitBytes: Int = 8 << 30,
        formats: Set<String>? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.timeLimit = timeLimit
        self.memoryLimitBytes = memoryLimitBytes
        self.formats = formats
    }

    /// Whether a file of extension `ext` (lower case) is imported in the child first.
    public func covers(_ ext: String) -> Bool { formats?.contains(ext) ?? true }

    /// Runs the child on `file`; throws what went wrong in it, naming `path`.
    public func probe(_ file: String, shownAs path: String) throws(ModelImportError) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw .unreadable(path: path, reason: "cannot start the import process (pipe)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let argv = [executable] + arguments + ["--memory-limit", String(memoryLimitBytes), file]
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        // The child's crash is reported here in one line; Swift's backtracer in it would only be slow.
        var cEnvironment = ChildEnvironment.withoutBacktracer().map { strdup($0) } + [nil]
        defer { for p in cEnvironment { free(p) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, &cArgs, &cEnvironment)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else {
            throw .unreadable(path: path, reason: "cannot start the import process \(executable): \(String(cString: strerror(spawned)))")
        }
        // Read what it says (bounded) while waiting, so a chatty child never blocks on the pipe.
        _ = fcntl(pipe[0], F_SETFL, fcntl(pipe[0], F_GETFL) | O_NONBLOCK)
        var message: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var status: Int32 = 0
        var elapsed = 0.0
        while true {
            let n = read(pipe[0], &buffer, buffer.count)
            if n > 0, message.count < 4096 { message += buffer[..<min(n, 4096 - message.count)] }
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if elapsed >= timeLimit {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw .exceedsLimit(path: path, what: "importing took longer than \(timeLimit) s; the import process was stopped")
            }
            usleep(2000)
            elapsed += 0.002
        }
        while true {
            let n = read(pipe[0], &buffer, buffer.count)
            guard n > 0 else { break }
            if message.count < 4096 { message += buffer[..<min(n, 4096 - message.count)] }
        }
        let signal = status & 0x7F
        if signal != 0 {
            let name =
                signal == SIGSEGV ? "SIGSEGV" : signal == SIGABRT ? "SIGABRT" : signal == SIGKILL ? "SIGKILL" : signal == SIGBUS ? "SIGBUS" : "signal \(signal)"
            throw .unreadable(path: path, reason: "the importer crashed (\(name)) reading the file; refused")
        }
        let code = (status >> 8) & 0xFF
        guard code == 0 else {
            var text = String(decoding: message, as: UTF8.self)
            while text.last?.isWhitespace == true { text.removeLast() }
            if text.hasPrefix("Error: ") { text.removeFirst(7) }
            throw .unreadable(path: path, reason: text.isEmpty ? "the import process failed (exit \(code))" : "in the import process: \(text)")
        }
    }
}
