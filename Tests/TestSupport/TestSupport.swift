@_exported import KernelTestSupport
import OceanKernel
import OceanStore
#if canImport(Glibc)
import Glibc
#endif

/// The repository's root, found once from this file's path
/// (`Tests/TestSupport/TestSupport.swift`).
public let repoRoot: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

// The shipped data every test target reads, each loaded once on first use. A file
// that does not load fails the tests that read it (the accessors throw, each test
// says `try`), never the whole run: the other suites still run and report.

/// A balance file of the checkout, loaded and validated the way the CLI does.
public func loadBalance(_ relativePath: String) throws -> Balance {
    try BalanceLoader.load(path: repoRoot + "/" + relativePath)
}

private let balanceLoad = Result { try loadBalance("assets/balance.toml") }
private let rulesLoad = balanceLoad.map(Rules.init)

/// The shipped balance, `assets/balance.toml`.
public var shippedBalance: Balance { get throws { try balanceLoad.get() } }
public var shippedRules: Rules { get throws { try rulesLoad.get() } }

/// A fresh, empty folder for one test's files (under the system's temporary folder).
public func freshFolder(_ name: String) -> String {
    let path = "/tmp/ocean-tests-\(getpid())/\(name)-\(UInt32.random(in: 0...UInt32.max))"
    _ = path.split(separator: "/").reduce("") { partial, part in
        let next = partial + "/" + part
        mkdir(next, 0o755)
        return next
    }
    return path
}

private let challengesLoad = Result { try ChallengeLoader.load(path: repoRoot + "/assets/challenges.toml") }
private let rulesWithChallengesLoad = Result {
    var b = try balanceLoad.get()
    b.challenges = try challengesLoad.get().templates
    return Rules(b)
}
private let impactLoad = Result { try ImpactLoader.load(path: repoRoot + "/assets/impact.toml") }

/// The shipped challenge table, `assets/challenges.toml`, with its texts.
public var shippedChallenges: ChallengeTable { get throws { try challengesLoad.get() } }
/// The shipped balance with the shipped challenge table, as the CLI plays it.
public var shippedRulesWithChallenges: Rules { get throws { try rulesWithChallengesLoad.get() } }
/// The shipped impact rates, `assets/impact.toml` (per kilogram of each kind).
public var shippedImpactRates: ImpactRates { get throws { try impactLoad.get() } }
/// The shipped impact factors per item: the rates times the shipped balance's masses.
public var shippedImpactFactors: ImpactFactors { get throws { try shippedRules.impactFactors(impactLoad.get()) } }

/// The shipped playfield's middle (480 px wide, fixed point): where a new game's bin
/// stands, and where a test's made-up catch or miss happens.
public let shippedMiddleX = Fixed.px(240)

/// Writes `text` as an executable script at `path`, on a close-on-exec descriptor.
/// (Foundation's writes leave theirs inheritable: a program another test starts
/// meanwhile keeps the file open for writing, and running the script then fails with
/// "text file busy" for as long as that program lives.)
public func writeScript(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw ScriptWriteFailure(path: path, errno: errno) }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw ScriptWriteFailure(path: path, errno: errno) }
        done += n
    }
}

public struct ScriptWriteFailure: Error, CustomStringConvertible {
    public let path: String, errno: Int32
    public var description: String { "\(path): \(String(cString: strerror(errno)))" }
}
