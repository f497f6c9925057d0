import OceanBalance
import TOMLKit
#if canImport(Glibc)
import Glibc
#endif

/// TOMLKit's parser (toml++ 3.4) aborts the whole process on an assertion for some
/// malformed files, in release builds as in debug ones (the fuzzers found `a = [}x"]`,
/// a `[` header with no name, a NUL in a table's name). A data file is a user's, so a
/// typo must be a message, never an abort: each text is first parsed in a child
/// process (`fork`), and a child that does not exit 0 (killed by the parser's abort)
/// makes the file refused with a plain "not valid TOML". A child that cannot be
/// started, or takes more than two seconds, leaves the parse to the caller as before.
enum TOMLParseGuard {
    /// Nil when TOMLKit survives `text`; otherwise the problem to report.
    static func problem(_ text: String) -> String? {
        let pid = fork()
        if pid == 0 {
            // The child: default signal handling (the parent's handler removes the
            // parent's temporary files), nothing on the terminal, just the parse.
            // An abort must end the child by its signal, at once: no crash handler
            // inherited from the parent (Swift's backtracer, a fuzzer's) may catch it.
            for sig in [SIGINT, SIGTERM, SIGHUP, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP] { signal(sig, SIG_DFL) }
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 { dup2(null, 2) }
            _ = try? TOMLTable(string: text)
            _exit(0)
        }
        guard pid > 0 else { return nil }
        var status: Int32 = 0
        for _ in 0..<2_000 {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                // Only a child that ran the parse through and exited 0 vouches for the text.
                if status == 0 { return nil }
                return "TOMLKit's parser fails on this text (it would have aborted the program); "
                    + "check the brackets, quotes and key names around the last edit"
            }
            if r < 0 && errno != EINTR { return nil }
            usleep(1_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    /// Throws `problem`, if any, as a data error naming `file`.
    static func check(_ text: String, file: String) throws(DataError) {
        if let problem = problem(text) {
            throw DataError(issues: [DataIssue(file: file, line: nil, key: nil, message: "not valid TOML: " + problem)])
        }
    }
}
