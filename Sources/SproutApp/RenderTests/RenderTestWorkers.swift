#if canImport(Glibc)
import Glibc
#endif
import SproutFiles
import Dispatch
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs render-test cases in worker processes, `jobs` at a time: each worker is this program
/// started with `arguments` (`sprout test-worker ...`), given one case at a time on its standard
/// input and answering one result line. A worker that crashes or runs past the timeout fails
/// only the case it had (saying so) and is replaced, so one hostile model cannot end the run.
public struct RenderTestWorkers: Sendable {
    /// The marker that starts a result line on a worker's standard output (other lines are passed on).
    public static let resultMarker = "@sprout-result "

    /// The program each worker runs (`sprout`).
    public var executable: String
    /// Its arguments (`test-worker --results ...`).
    public var arguments: [String]
    /// Workers running at once (at least 1).
    public var jobs: Int
    /// The longest one case may take, seconds.
    public var timeoutSeconds: Double
    /// The address space the workers were told to keep within (`test-worker --memory-limit`),
    /// named when one ends abruptly; nil when they have none.
    public var memoryLimitBytes: Int?

    /// Up to `jobs` workers running `executable arguments`, a case stopped after `timeoutSeconds`.
    public init(executable: String, arguments: [String], jobs: Int, timeoutSeconds: Double = 300, memoryLimitBytes: Int? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.jobs = max(1, jobs)
        self.timeoutSeconds = timeoutSeconds
        self.memoryLimitBytes = memoryLimitBytes
    }

    /// Runs every case; `onResult` hears each as it finishes (from worker threads, one at a time).
    /// Returns the results in the cases' order.
    public func run(_ cases: [RenderTestCase], onResult: @escaping @Sendable (RenderTestResult) -> Void = { _ in }) -> [RenderTestResult] {
        signal(SIGPIPE, SIG_IGN)   // a worker that died must not take this process with it
        let next = Mutex(0)
        let results = Mutex([RenderTestResult?](repeating: nil, count: cases.count))
        let slots = min(jobs, cases.count)
        DispatchQueue.concurrentPerform(iterations: slots) { _ in
            var worker: WorkerProcess?
            while true {
                let index = next.withLock { value -> Int? in
                    guard value < cases.count else { return nil }
                    value += 1
                    return value - 1
                }
                guard let index else { break }
                let test = cases[index]
                let clock = Stopwatch()
                let result: RenderTestResult
                do {
                    if worker == nil { worker = try WorkerProcess(executable: executable, arguments: arguments) }
                    result = try worker!.run(test, timeout: timeoutSeconds, memoryLimitBytes: memoryLimitBytes)
                } catch {
                    worker?.kill()
                    worker = nil
                    result = RenderTestResult(test: test, outcomes: [], problems: ["\(test.path): \(error)"], seconds: clock.milliseconds / 1000)
                }
                // A case that failed may have left its worker's GL driver in a bad state (a
                // buffer it could not allocate under the memory cap): the next case gets a fresh
                // worker, so a failure stays that case's own.
                if result.status == .failed, let used = worker {
                    used.finish()
                    worker = nil
                }
                results.withLock { $0[index] = result }
                onResult(result)
            }
            worker?.finish()
        }
        return results.withLock { $0.map { $0! } }
    }
}

/// One worker process and its pipes (posix_spawn: Foundation's `Process` is not in FoundationEssentials).
final class WorkerProcess {
    private static let spawning = Mutex(())
    private let pid: pid_t
    private var input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var status: Int32?

    init(executable: String, arguments: [String]) throws {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        // Close-on-exec, set before another thread can start a worker (pipe2 is not visible from
        // Swift here): a worker must not inherit another's pipe ends, or that one would never see
        // the end of its input.
        let made = Self.spawning.withLock { _ in
            guard pipe(&toChild) == 0 else { return false }
            guard pipe(&fromChild) == 0 else { close(toChild[0]); close(toChild[1]); return false }
            for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard made else { throw AppError("cannot start a worker process (pipe)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
        var cArgs = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        // A crashing worker is reported in one line here; Swift's backtracer in it would only be slow.
        var cEnvironment = ChildEnvironment.withoutBacktracer().map { strdup($0) } + [nil]
        defer { for p in cEnvironment { free(p) } }
        var child: pid_t = 0
        let spawned = Self.spawning.withLock { _ in posix_spawn(&child, executable, &actions, nil, &cArgs, &cEnvironment) }
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw AppError("cannot start the worker process \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
    }

    deinit {
        if input >= 0 { close(input) }
        close(output)
    }

    /// Sends one case and waits for its result line.
    func run(_ test: RenderTestCase, timeout: Double, memoryLimitBytes: Int? = nil) throws -> RenderTestResult {
        var request = try JSONEncoder().encode(test)
        request.append(UInt8(ascii: "\n"))
        let written = request.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        guard written == request.count else { throw AppError("the worker process stopped before taking the case (\(exitDescription()))") }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if line.hasPrefix(RenderTestWorkers.resultMarker) {
                    return try JSONDecoder().decode(RenderTestResult.self, from: Data(line.dropFirst(RenderTestWorkers.resultMarker.count).utf8))
                }
                var echo = Array((line + "\n").utf8)
                _ = echo.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
            }
            let left = deadline - ContinuousClock.now
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            guard milliseconds > 0 else {
                kill()
                throw AppError("timed out after \(Int(timeout)) s (the worker was stopped)")
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(milliseconds, 1000))) > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n <= 0 {
                waitForExit()
                let cause =
                    memoryLimitBytes.map { "more memory than its \($0 >> 20) MiB limit, or a crash in a library it called" } ?? "a crash in a library it called"
                throw AppError("the worker process ended while running it (\(exitDescription())): \(cause)")
            }
            buffer += chunk[..<n]
        }
    }

    func kill() {
        if status == nil { Glibc.kill(pid, SIGKILL) }
        waitForExit()
    }

    /// Closes its input (the worker exits when it reads the end) and waits.
    func finish() {
        if input >= 0 { close(input); input = -1 }
        waitForExit(patience: 30)
    }

    private func waitForExit(patience seconds: Double = 5) {
        var s: Int32 = 0
        for _ in 0..<Int(seconds * 100) where status == nil {
            if waitpid(pid, &s, WNOHANG) == pid { status = s; return }
            usleep(10_000)
        }
        if status == nil {
            Glibc.kill(pid, SIGKILL)
            waitpid(pid, &s, 0)
            status = s
        }
    }

    private func exitDescription() -> String {
        guard let status else { return "still running" }
        let signal = status & 0x7F
        return signal != 0 ? "signal \(signal)" : "exit status \((status >> 8) & 0xFF)"
    }
}
