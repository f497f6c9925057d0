import ArgumentParser
import OceanBalance
import OceanKernel
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// Exit statuses: 0 all good, 1 a divergence (replays), 2 bad input or usage,
/// 130 stopped by Ctrl-C.
public enum ExitStatus {
    public static let divergence: Int32 = 1
    public static let badInput: Int32 = 2
    public static let interrupted: Int32 = 130
}

/// Prints a message to stderr and exits with `status`.
public func fail(_ message: String, status: Int32 = ExitStatus.badInput) -> Never {
    printError(errorLine(message))
    exit(status)
}

/// Every error starts `ocean: error: ` (the program, then what it is, as GNU tools
/// and clig.dev have it), whatever prefix the message was written with: `ocean:`,
/// `ocean tune:` (kept as `tune:`), ArgumentParser's `Error:`, or none (a file's
/// `path:line: key: …`, which follows the prefix as it is).
public func errorLine(_ message: String) -> String {
    var m = Substring(message)
    if m.hasPrefix("ocean: error: ") { return message }
    if m.hasPrefix("ocean: ") { m = m.dropFirst(7) } else if m.hasPrefix("ocean ") { m = m.dropFirst(6) }
    if m.hasPrefix("Error: ") { m = m.dropFirst(7) }
    return "ocean: error: " + m
}


/// Parses the command line against `root`, runs it, and exits: usage errors with
/// status 2 (not ArgumentParser's 64), like any bad input, with the one error prefix;
/// `--help` and `--version` with 0. Shared by `ocean` and `ocean-headless`.
public func runCommandLine<Root: ParsableCommand>(_ root: Root.Type) -> Never {
    do {
        var command = try Root.parseAsRoot()
        try command.run()
        exit(0)
    } catch {
        let code = Root.exitCode(for: error)
        if code == .success {
            print(Root.fullMessage(for: error))
            exit(0)
        }
        let message = Root.fullMessage(for: error)
        if !message.isEmpty { printError(errorLine(message)) }
        exit(code == .failure || code.rawValue == 64 ? ExitStatus.badInput : code.rawValue)
    }
}
