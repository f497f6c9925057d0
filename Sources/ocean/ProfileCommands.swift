import ArgumentParser
import OceanCLI
import OceanKernel
import OceanDrivers
import OceanStore

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show or reset the saved career.",
        subcommands: [Show.self, Reset.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the saved career's progression.",
            discussion: """
            Level, plastic, streaks, flashcards, achievements, the pet and the ocean; items per kind and plastic \
            per month with their impact (items kept out of the sea, CO2e and water saved); today's and this \
            week's challenge with progress, status and reward; completed and failed challenges, bonus grams, \
            the milestones reached and the next few.
            """)
        @OptionGroup var profileOption: ProfileOption
        @OptionGroup var balanceOption: BalanceOption
        @OptionGroup var impactOption: ImpactOption
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let (balance, table) = try balanceOption.loadWithTable()
            let rules = Rules(balance)
            let factors = try impactOption.load(rules: rules)
            let path = try profileOption.path
            let contents: ProfileText.Contents?
            do { contents = try Profile.loadContents(path: path, rules: rules) } catch { throw CommandFailure(error.description) }
            guard let contents else {
                throw CommandFailure("\(path): no profile here yet. `ocean sim --days N` saves only with --profile: "
                    + "`ocean sim --days N --profile \(path)` makes this one")
            }
            var report = CareerReport(contents.state, rules: rules, texts: table.texts, factors: factors)
            if !contents.player.name.isEmpty { report.name = contents.player.name }
            CommandOutput.print(json ? report.json : "profile       \(path)\n" + report.text)
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start the saved career over (asks for --yes).")
        @OptionGroup var profileOption: ProfileOption
        @OptionGroup var balanceOption: BalanceOption
        @Flag(help: "Yes, erase the saved career.") var yes = false

        func run() throws {
            let path = try profileOption.path
            guard yes else { throw CommandFailure("ocean profile reset erases \(path); run it again with --yes to do so") }
            try refuseClashes(inputs: balanceOption.inputs, outputs: [("--profile", path)])
            let rules = Rules(try balanceOption.load())
            do {
                let lock = try ProfileStore.lock(path: path), inode = try ProfileStore.lockFile(path: path)
                try Profile.save(GameState(rules: rules, seed: 1), kinds: rules.kindKeys, cards: rules.cardKeys, path: path)
                inode.release()
                lock.release()
            } catch { throw CommandFailure(error.description) }
            CommandOutput.print("\(path): reset to a new career")
        }
    }
}
