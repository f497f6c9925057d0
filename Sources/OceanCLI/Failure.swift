import ArgumentParser
import OceanBalance
import OceanKernel
import OceanStore
import OceanSystem
import Synchronization
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

/// How a command stops short: thrown up to `runCommandLine`, which says `message` on
/// standard error (as `errorLine` words it) and returns `status` for the program to
/// exit with. An empty message says nothing more: a command whose report already said
/// it all (a divergence, replays that differ) ends with its status alone.
public struct CommandFailure: Error, CustomStringConvertible {
    public var message: String
    public var status: Int32

    public init(_ message: String, status: Int32 = ExitStatus.badInput) {
        self.message = message
        self.status = status
    }

    /// Ends with `status` and no message (what there was to say is said).
    public init(status: Int32) {
        self.init("", status: status)
    }

    public var description: String { message }
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

/// The process's first argument that is not UTF-8, said with its bytes shown: Swift
/// reads arguments as text, replacing such bytes, so `caf\xE9.replay` would name
/// another file (and `p\xE9`, `p\xE8` the same one). Refused rather than guessed.
func nonUTF8Argument() -> String? {
    for i in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[i] else { continue }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        if String(validating: bytes, as: UTF8.self) == nil {
            let shown = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
            return "argument \(i) ('\(terminalSafe(shown))') is not UTF-8 text; file names and words are taken in UTF-8: "
                + "rename the file (e.g. convmv -f latin1 -t utf8)"
        }
    }
    return nil
}

/// Why `help path…` names no command of `root` (the first name that is not one, with
/// the names there are), or nil.
func helpProblem(_ root: any ParsableCommand.Type, _ path: [String]) -> String? {
    var at: any ParsableCommand.Type = root
    for name in path where !name.hasPrefix("-") {
        let subs = at.configuration.subcommands
        guard let next = subs.first(where: { $0._commandName == name }) else {
            let names = subs.map { $0._commandName }
            return "help: no command '\(name)'" + (names.isEmpty ? " here" : "; the commands are " + names.joined(separator: ", "))
        }
        at = next
    }
    return nil
}

/// Parses `arguments` (by default the process's) against `root`, runs the command, and
/// returns the status to exit with: usage errors 2 (not ArgumentParser's 64), like any
/// bad input, with the one error prefix; a `CommandFailure` its own status; `--help`
/// and `--version` 0. Shared by `ocean` and `ocean-headless`, whose `main` exits with
/// it, and by the tests that run a command in their own process.
public func runCommandLine<Root: ParsableCommand>(_ root: Root.Type,
                                                  arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
    // A file past `ulimit -f` is a failed write (EFBIG) said like any other, not a
    // silent kill by SIGXFSZ that leaves a temporary behind.
    signal(SIGXFSZ, SIG_IGN)
    let status = runParsed(root, arguments: arguments)
    // What was printed must have arrived: a full disk or a closed pipe under standard
    // output is said, and a command that printed nothing whole does not end with 0.
    if CommandOutput.capture == nil, let problem = standardOutputProblem() {
        CommandOutput.printError(errorLine("standard output could not be written (\(problem)): what was printed is incomplete"))
        return status == 0 ? 1 : status
    }
    return status
}

private func runParsed<Root: ParsableCommand>(_ root: Root.Type, arguments: [String]) -> Int32 {
    if let problem = nonUTF8Argument() {
        CommandOutput.printError(errorLine(problem))
        return ExitStatus.badInput
    }
    // `help NAME…` for a command that is not there: ArgumentParser prints the main help
    // and exits 0, as if all were well.
    if arguments.first == "help", arguments.count > 1, let problem = helpProblem(Root.self, Array(arguments.dropFirst())) {
        CommandOutput.printError(errorLine(problem))
        return ExitStatus.badInput
    }
    do {
        var command = try Root.parseAsRoot(arguments)
        try command.run()
        return 0
    } catch let failure as CommandFailure {
        if !failure.message.isEmpty { CommandOutput.printError(errorLine(failure.message)) }
        return failure.status
    } catch {
        let code = Root.exitCode(for: error)
        if code == .success {
            CommandOutput.print(Root.fullMessage(for: error))
            return 0
        }
        let message = Root.fullMessage(for: error)
        if !message.isEmpty { CommandOutput.printError(errorLine(message)) }
        return code == .failure || code.rawValue == 64 ? ExitStatus.badInput : code.rawValue
    }
}

/// What a command says on standard output and standard error goes through here: to
/// the process's own streams, or, while a test runs the command in the test's process,
/// into that test's `capture` (a task-local value, so tests running side by side each
/// keep their own). Files a command writes (even `-`) are not captured.
public enum CommandOutput {
    @TaskLocal public static var capture: CapturedOutput?

    /// A line (or `text` and `terminator`) on standard output.
    /// Control characters are shown, not obeyed (`terminalSafe`): a comment or a file
    /// name is anyone's text.
    public static func print(_ text: String, terminator: String = "\n") {
        let text = terminalSafe(text)
        if let capture { capture.append(out: text + terminator) } else { Swift.print(text, terminator: terminator) }
    }

    /// A line on standard error, in one write.
    public static func printError(_ text: String) { writeError(text + "\n") }

    /// `text` on standard error as it is (no newline added), in one write.
    public static func writeError(_ text: String) {
        let text = terminalSafe(text)
        if let capture {
            capture.append(err: text)
        } else {
            var bytes = Array(text.utf8)
            _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        }
    }
}

/// Standard output and standard error of a command run in the test's own process.
public final class CapturedOutput: Sendable {
    private let text = Mutex<(out: String, err: String)>(("", ""))

    public init() {}

    public var standardOutput: String { text.withLock { $0.out } }
    public var standardError: String { text.withLock { $0.err } }

    func append(out: String) { text.withLock { $0.out += out } }
    func append(err: String) { text.withLock { $0.err += err } }
}
