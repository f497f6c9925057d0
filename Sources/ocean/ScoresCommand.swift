import ArgumentParser
import OceanApp
import OceanAssets
import OceanCLI
import OceanDrivers
import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanStore
import OceanSystem

/// `ocean scores`: the local high-score tables, each entry with the replay that
/// proves it, checked as it is listed or watched (`ScoreProof`: the replay verifies,
/// plays the entry's game, under the shipped constants), and `ocean scores watch N`.
struct ScoresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scores",
        abstract: "The high scores kept beside the profile, best first, each with its replay.",
        subcommands: [List.self, Watch.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the high scores (both modes, or --mode).")
        @OptionGroup var profileOption: ProfileOption
        @Option(help: "Only this mode's table: classic or arcade.") var mode: PlayMode?

        func run() throws {
            let store = HighScoreStore(profilePath: try profileOption.path)
            let table: HighScores
            do { table = try store.load() } catch { throw CommandFailure(error.description) }
            for m in mode.map({ [$0] }) ?? PlayMode.allCases {
                let entries = table.table(m)
                CommandOutput.print("\(m.name): " + (entries.isEmpty ? "no scores yet" : "\(entries.count) of the best \(HighScores.size)"))
                for (i, e) in entries.enumerated() {
                    let rounds = m == .arcade ? "  round \(e.rounds)" : ""
                    CommandOutput.print("  \(i + 1). \(e.score)\(rounds)  \(e.catches) caught  best combo \(e.bestCombo)  \(e.date)  "
                        + "\(e.name.isEmpty ? "(no name)" : e.name)"
                        + (e.assist.map { "  (assist: \($0.speedPercent)% speed, \($0.binPercent)% bin)" } ?? "")
                        + "  \(store.replayPath(e))")
                    CommandOutput.print("     " + ScoresCommand.proof(e, store: store).words)
                }
            }
        }
    }

    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Watch entry N of a mode's table (`ocean replay watch` on its replay).")
        @Argument(help: "The entry's place in its table, 1 for the best.") var place: Int
        @Option(help: "The table: classic or arcade.") var mode: PlayMode = .arcade
        @OptionGroup var profileOption: ProfileOption
        @Option(help: "Frames per second to pace at (default: the display's).") var fps: Int?

        func validate() throws {
            guard (1...HighScores.size).contains(place) else { throw ValidationError("N: allowed 1 to \(HighScores.size)") }
        }

        func run() throws {
            let store = HighScoreStore(profilePath: try profileOption.path)
            let table: HighScores
            do { table = try store.load() } catch { throw CommandFailure(error.description) }
            let entries = table.table(mode)
            guard place <= entries.count else {
                throw CommandFailure("the \(mode.key) table has \(entries.count) entr\(entries.count == 1 ? "y" : "ies"); `ocean scores` lists them")
            }
            let entry = entries[place - 1]
            // Said before the window opens: what is watched is the replay, whatever the table says.
            printError("ocean scores watch: entry \(place) (\(entry.score)): " + ScoresCommand.proof(entry, store: store).words)
            try ReplayCommand.Watch.watch(store.replayPath(entry), theme: nil, scale: 2, fps: fps)
        }
    }

    /// Entry `e` checked against its replay and the shipped constants.
    static func proof(_ e: HighScores.Entry, store: HighScoreStore) -> ScoreProof.Verdict {
        let shipped = defaultBalancePath().flatMap { try? BalanceLoader.load(path: $0) }
        return ScoreProof.check(ScoreProof.Claim(mode: e.mode, score: e.score, rounds: e.rounds, catches: e.catches,
                                                 bestCombo: e.bestCombo),
                                replayPath: store.replayPath(e), shipped: shipped)
    }
}
