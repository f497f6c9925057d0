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

/// A balance file of the checkout, loaded and validated the way the CLI does.
public func loadBalance(_ relativePath: String) -> Balance {
    do { return try BalanceLoader.load(path: repoRoot + "/" + relativePath) } catch {
        fatalError("\(relativePath) does not load: \(error)")
    }
}

/// The shipped balance, `assets/balance.toml`.
public let shippedBalance = loadBalance("assets/balance.toml")
public let shippedRules = Rules(shippedBalance)

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

/// The shipped challenge table, `assets/challenges.toml`, with its texts.
public let shippedChallenges: ChallengeTable = {
    do { return try ChallengeLoader.load(path: repoRoot + "/assets/challenges.toml") } catch {
        fatalError("assets/challenges.toml does not load: \(error)")
    }
}()

/// The shipped balance with the shipped challenge table, as the CLI plays it.
public let shippedRulesWithChallenges: Rules = {
    var b = shippedBalance
    b.challenges = shippedChallenges.templates
    return Rules(b)
}()

/// The shipped impact factors, `assets/impact.toml`.
public let shippedImpactFactors: ImpactFactors = {
    do { return try ImpactLoader.load(path: repoRoot + "/assets/impact.toml") } catch {
        fatalError("assets/impact.toml does not load: \(error)")
    }
}()
