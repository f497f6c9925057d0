import Foundation
@testable import ocean
import OceanCLI
import TestSupport

/// Runs `ocean ARGS` in the test's own process, as the program would and with no
/// process started: the same parsing, the same command, the same top-level catch
/// that words the error line and picks the exit status (`runCommandLine`), with what
/// the command says on standard output and standard error captured (`CommandOutput`).
///
/// For a test of a command's result (its status, messages, printed report or JSON,
/// the files it writes). What only a process shows stays with `ocean(_:build:)`: the
/// release build, signals and kills, a terminal, standard input, bytes written to
/// standard output as a file (`--out -`), the environment, another working folder, and
/// hostile inputs that once crashed or hung the program (a crash here ends every test).
/// Relative paths are from the repository's root, as for the built program.
func oceanInProcess(_ args: [String]) -> Run {
    _ = preparedOnce
    let capture = CapturedOutput()
    let status = CommandOutput.$capture.withValue(capture) { runCommandLine(Ocean.self, arguments: args) }
    return Run(status: status, stdout: capture.standardOutput, stderr: capture.standardError)
}

/// What `ocean`'s main does before a command, once; and the repository's root as the
/// working folder (where `swift test` runs from; set here only if it is elsewhere).
private let preparedOnce: Void = {
    if FileManager.default.currentDirectoryPath != repoRoot {
        _ = FileManager.default.changeCurrentDirectoryPath(repoRoot)
    }
}()
