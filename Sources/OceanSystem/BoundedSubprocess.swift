#if canImport(Glibc)
import Glibc
#endif

/// A child process run with bounds on everything it could make us wait for or hold:
///
/// - time: at `deadline` (or when `stop` says so) its whole process group is killed;
/// - memory: of its output (standard output and error, interleaved) only the last
///   `tailBytes` are kept, however much it writes;
/// - its leftovers: it runs in a process group of its own, and that group is killed
///   as soon as the child itself has ended, so a background process it left running
///   (which would hold the output pipe open) neither keeps us waiting nor outlives it.
///
/// The end is the child's own exit, seen by `waitpid`, not the end of the pipe.
public enum BoundedSubprocess {
    public enum Ending: Equatable, Sendable {
        /// It exited with this status (or 128 + the signal that ended it).
        case exited(Int32)
        /// The deadline came first; it was killed.
        case timedOut
        /// `stop` asked for it to end; it was killed.
        case stopped
    }

    public struct Result: Sendable {
        public var ending: Ending
        /// The last `tailBytes` of what it wrote, as text.
        public var tail: String
        /// Whether more was written than `tail` holds.
        public var cut: Bool
    }

    /// Runs `arguments` (found on PATH) with standard input from /dev/null; nil if it
    /// could not be started. `deadline` is on the `monotonicNanos` clock.
    public static func run(_ arguments: [String], deadline: UInt64, tailBytes: Int = 64 << 10,
                           stop: () -> Bool = { false }) -> Result? {
        guard !arguments.isEmpty else { return nil }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        // Neither end leaks into another child; the test gets the write end as 1 and 2.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own (its pid), so all it starts can be killed at once.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { return nil }
        var tail = OutputTail(limit: tailBytes)
        var status: Int32 = 0
        var ending: Ending?
        var pipeOpen = true
        while ending == nil {
            if pipeOpen {
                // Wakes for output, or after 10 ms to look at the child and the clock.
                var p = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 10) > 0 { pipeOpen = tail.read(from: fds[0]) }
            } else {
                usleep(2_000)
            }
            if waitpid(pid, &status, WNOHANG) == pid {
                ending = .exited(status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F)
            } else if monotonicNanos() >= deadline || stop() {
                ending = monotonicNanos() >= deadline ? .timedOut : .stopped
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
        }
        // What it left running goes with it; what is already in the pipe is kept.
        kill(-pid, SIGKILL)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        while pipeOpen && tail.read(from: fds[0]) {}
        return Result(ending: ending!, tail: tail.text, cut: tail.cut)
    }
}

/// The last `limit` bytes of a stream: appended as read, and cut back to the limit
/// whenever it holds twice as much (so at most 2 × `limit` is ever held).
struct OutputTail {
    let limit: Int
    private var bytes: [UInt8] = []
    private var dropped = false
    /// Whether more was read than `text` holds.
    var cut: Bool { dropped || bytes.count > limit }

    init(limit: Int) { self.limit = max(0, limit) }

    /// Reads once from `fd`; false at its end (or on an error, or nothing to read now
    /// on a non-blocking descriptor).
    mutating func read(from fd: Int32) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { return true }
        guard n > 0 else { return false }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > 2 * limit {
            bytes.removeFirst(bytes.count - limit)
            dropped = true
        }
        return true
    }

    var text: String {
        let kept = bytes.suffix(limit)
        return String(decoding: kept, as: UTF8.self)
    }
}
