#if canImport(Glibc)
import Glibc
#endif

/// Another program run to its end with both of its outputs read as they come (neither
/// pipe can fill and stall it while we wait on the other), each bounded (its answer on
/// standard output up to a limit, past which it is killed; the last part of its
/// standard error), and a deadline after which it is killed. Standard input is
/// /dev/null. (Hand-written on posix_spawn and poll rather than swift-subprocess: the
/// game links no Foundation, and this is one small function over two pipes.)
public enum ChildProcess {
    public struct Result: Sendable {
        /// Its exit status (128 + the signal that ended it); nil if it was killed: at the
        /// deadline, or as soon as its standard output passed the limit.
        public var status: Int32?
        public var output: [UInt8]
        public var error: [UInt8]
        /// Whether it wrote more than the limit to standard output (or error).
        public var outputCut = false, errorCut = false

        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorText: String { String(decoding: error, as: UTF8.self) }
    }

    /// Runs `path` with `arguments` and the environment plus `environment`; nil if it
    /// could not be started. `seconds`: the deadline from now. `errorsPassThrough`: its
    /// standard error goes straight to ours (progress lines), not kept.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:],
                           seconds: Int, outputLimit: Int = 64 << 20, errorLimit: Int = 64 << 10,
                           errorsPassThrough: Bool = false) -> Result? {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { return nil }
        guard errorsPassThrough || pipe(&errPipe) == 0 else { close(outPipe[0]); close(outPipe[1]); return nil }
        for fd in outPipe + errPipe where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        if !errorsPassThrough { posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2) }
        var env: [String: String] = [:]
        var e = environ
        while let entry = e.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") { env[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            e += 1
        }
        for (k, v) in environment { env[k] = v }
        // Sorted: the child's environment the same whatever the dictionary's order.
        let envp = env.keys.sorted().map { strdup("\($0)=\(env[$0]!)") } + [nil]
        defer { for p in envp { free(p) } }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid = pid_t()
        var spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        // "Text file busy": the program was just written and a descriptor to it is still
        // open for writing somewhere (a child started while it was written); brief, so
        // it is tried again for up to a second.
        var busyTries = 0
        while spawned == ETXTBSY && busyTries < 50 {
            busyTries += 1
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            _ = nanosleep(&pause, nil)
            spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        }
        close(outPipe[1])
        if errPipe[1] >= 0 { close(errPipe[1]) }
        defer {
            close(outPipe[0])
            if errPipe[0] >= 0 { close(errPipe[0]) }
        }
        guard spawned == 0 else { return nil }

        var result = Result(status: nil, output: [], error: [])
        let deadline = monotonicNanos() + UInt64(max(0, seconds)) * 1_000_000_000
        var open = [outPipe[0]] + (errorsPassThrough ? [] : [errPipe[0]])
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var timedOut = false
        while !open.isEmpty {
            let now = monotonicNanos()
            if now >= deadline { timedOut = true; break }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let wait = Int32(min(1_000, (deadline - now) / 1_000_000 + 1))
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 && errno != EINTR { break }
            for f in fds where f.revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(f.fd, $0.baseAddress, $0.count) }
                if n <= 0 {
                    if n == 0 || (errno != EINTR && errno != EAGAIN) { open.removeAll { $0 == f.fd } }
                    continue
                }
                if f.fd == outPipe[0] {
                    let take = max(0, min(n, outputLimit - result.output.count))
                    result.output.append(contentsOf: buffer[0..<take])
                    if take < n { result.outputCut = true }
                } else {
                    // Standard error keeps its last `errorLimit` bytes (where the reason is).
                    result.error.append(contentsOf: buffer[0..<n])
                    if result.error.count > errorLimit {
                        result.error.removeFirst(result.error.count - errorLimit)
                        result.errorCut = true
                    }
                }
            }
            // An answer past its limit is not waited for: it is ended at once.
            if result.outputCut { timedOut = true; break }
        }
        if timedOut {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return result
        }
        // Both pipes closed: it has ended, or closed them and goes on; the deadline holds.
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return result }
            if monotonicNanos() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return result
            }
            usleep(2_000)
        }
        let signalled = status & 0x7F
        result.status = signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
        return result
    }
}
