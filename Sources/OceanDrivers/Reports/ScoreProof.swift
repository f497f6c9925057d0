import OceanBalance
import OceanKernel
import OceanReplay

/// Whether a high score's replay proves it (issue 49, "a claim is checked where it is
/// made"): the table is a text file anyone can edit, and a replay can be recorded
/// under any constants. Listing or watching an entry re-plays its replay: the replay
/// must verify, its game must be the entry's (mode, score, catches, best combo,
/// rounds), and constants other than the shipped ones are named.
public enum ScoreProof {
    /// What an entry says of its game.
    public struct Claim: Sendable {
        public var mode: PlayMode
        public var score: Int, rounds: Int, catches: Int, bestCombo: Int

        public init(mode: PlayMode, score: Int, rounds: Int, catches: Int, bestCombo: Int) {
            (self.mode, self.score, self.rounds, self.catches, self.bestCombo) = (mode, score, rounds, catches, bestCombo)
        }
    }

    public enum Verdict: Equatable, Sendable {
        /// The replay verifies and plays the entry's game under the shipped constants
        /// (with assist mode, its own wider bin).
        case proven
        /// Proven, but played under other constants: the keys that differ, `key=value`.
        case otherConstants([String])
        /// Not proven, and why.
        case unproven(String)

        /// How a listing says it.
        public var words: String {
            switch self {
            case .proven: "proven by its replay"
            case .otherConstants(let keys):
                "its replay plays it, under other constants than the shipped ones (\(keys.count) differ: "
                    + keys.prefix(4).joined(separator: ", ") + (keys.count > 4 ? ", ..." : "") + ")"
            case .unproven(let why): "NOT PROVEN: \(why)"
            }
        }
    }

    /// Checks `claim` against the replay at `path`; `shipped`: the constants a score
    /// is meant to be played under (nil: not compared).
    public static func check(_ claim: Claim, replayPath path: String, shipped: Balance?) -> Verdict {
        let verification: Verification
        do { verification = try ReplayVerifier.verify(path: path) } catch {
            return .unproven("its replay cannot be read (\(error.description))")
        }
        guard verification.passed else {
            let at = verification.divergences.first.map { " (it diverges by tick \($0.checkpointTick))" } ?? ""
            return .unproven("its replay does not verify\(at)")
        }
        let read: ReadReplay
        do { read = try ReplayReader.read(path: path, checkpoints: false) } catch {
            return .unproven("its replay cannot be read (\(error.description))")
        }
        guard let game = lastGame(read.replay) else { return .unproven("its replay holds no finished game") }
        let played = Claim(mode: game.mode, score: game.score, rounds: game.rounds, catches: game.catches, bestCombo: game.bestCombo)
        guard played.mode == claim.mode, played.score == claim.score, played.catches == claim.catches,
              played.bestCombo == claim.bestCombo, played.mode != .arcade || played.rounds == claim.rounds else {
            return .unproven("its replay's game is \(played.mode.key), score \(played.score), \(played.catches) caught, "
                + "best combo \(played.bestCombo)\(played.mode == .arcade ? ", round \(played.rounds)" : "")")
        }
        guard let shipped else { return .proven }
        let header = read.replay.header
        let expected = header.assist.map { $0.widening(shipped) } ?? shipped
        let differing = differences(header.balance, from: expected)
        return differing.isEmpty ? .proven : .otherConstants(differing)
    }

    /// The last game the replay finishes (not abandoned).
    static func lastGame(_ replay: Replay) -> GameSummary? {
        let rules = Rules(replay.header.balance)
        var sim = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
        var feed = InputFeed(replay.inputs)
        let end = replay.end?.tick ?? replay.lastTick
        var game: GameSummary?
        while sim.state.tick < end {
            sim.step(feed.input(at: sim.state.tick))
            for case .gameOver(let s) in sim.events where !s.abandoned { game = s }
        }
        return game
    }

    /// The keys of `balance` whose values differ from `base`'s, as `key=value`.
    static func differences(_ balance: Balance, from base: Balance) -> [String] {
        let baseFields = BalanceSchema.fields(of: base)
        return BalanceSchema.fields(of: balance).filter { f in
            baseFields.first { $0.key == f.key }.map { base[keyPath: $0.path] } != balance[keyPath: f.path]
        }.map { "\($0.key)=\(balance[keyPath: $0.path])" }
    }
}
