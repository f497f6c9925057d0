#if canImport(Glibc)
import Glibc
#endif

/// What a finished child process printed and how it ended.
public struct SubprocessResult: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    /// Its standard output and standard error, interleaved as written.
    public var output: String
}

/// Runs `arguments` (the program found on PATH) with this process's environment and
/// waits for it; nil if it could not be started. Standard input is /dev/null. The
/// caller bounds the run (e.g. through `timeout`): a child that never ends blocks here.
public func runSubprocess(_ arguments: [String]) -> SubprocessResult? {
    guard !arguments.isEmpty else { return nil }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, argv[0]!, &actions, nil, argv, environ)
    close(fds[1])
    guard spawned == 0 else {
        close(fds[0])
        return nil
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]); continue }
        if n < 0 && errno == EINTR { continue }
        break
    }
    close(fds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    return SubprocessResult(status: code, output: String(decoding: bytes, as: UTF8.self))
}

/// The path of the running executable (`/proc/self/exe`), nil where unknown.
public func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Whether `command` is an executable file in a folder of PATH.
public func onPath(_ command: String) -> Bool {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { access("\($0)/\(command)", X_OK) == 0 }
}
