import ArgumentParser
import OceanBalance
import OceanKernel
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// `--balance FILE` and `--challenges FILE`, shared by every command that runs the kernel.
public struct BalanceOption: ParsableArguments {
    @Option(name: .long, help: "Balance constants (TOML). Default: the shipped assets/balance.toml.",
            completion: .file(extensions: ["toml"]))
    public var balance: String?

    @Option(name: .long, help: "The challenge table (TOML). Default: the shipped assets/challenges.toml.",
            completion: .file(extensions: ["toml"]))
    public var challenges: String?

    public init() {}
    public init(balance: String, challenges: String? = nil) {
        self.balance = balance
        self.challenges = challenges
    }

    /// The loaded, validated constants with the challenge table, or a failure listing
    /// every problem.
    public func load() throws -> Balance { try loadWithTable().balance }

    /// `load()`, and the challenge table it holds with its texts (for reports).
    public func loadWithTable() throws -> (balance: Balance, table: ChallengeTable) {
        guard let path = balance ?? defaultBalancePath() else {
            throw CommandFailure("ocean: cannot find assets/balance.toml; name a balance file with --balance FILE")
        }
        var b: Balance
        do { b = try BalanceLoader.load(path: path) } catch { throw CommandFailure(error.description) }
        let table = try loadChallenges()
        b.challenges = table.templates
        b.cardKeys = try Self.loadCardKeys()
        return (b, table)
    }

    /// The quiz cards' keys, in the order of the shipped `assets/content/flashcards.toml`
    /// (the file is the list: a card added there is played, recorded and saved).
    public static func loadCardKeys() throws -> [String] {
        do { return try CareerContentLoader.load().cards.map(\.key) } catch { throw CommandFailure(error.description) }
    }

    /// The challenge table with its texts, or a failure naming what is wrong.
    public func loadChallenges() throws -> ChallengeTable {
        guard let path = challenges ?? defaultChallengesPath() else {
            throw CommandFailure("ocean: cannot find assets/challenges.toml; name a challenge table with --challenges FILE")
        }
        do { return try ChallengeLoader.load(path: path) } catch { throw CommandFailure(error.description) }
    }
}

