import ArgumentParser
import OceanKernel
import OceanDrivers
import OceanStore

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show or reset the saved career.",
        subcommands: [Show.self, Reset.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the saved career's progression.")
        @OptionGroup var profileOption: ProfileOption
        @OptionGroup var balanceOption: BalanceOption
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let rules = Rules(balanceOption.load())
            let path = profileOption.path
            let state: GameState?
            do { state = try Profile.load(path: path, rules: rules) } catch { fail(error.description) }
            guard let state else {
                fail("\(path): no profile here yet. `ocean sim --days N` saves only with --profile: "
                    + "`ocean sim --days N --profile \(path)` makes this one")
            }
            let report = CareerReport(state, rules: rules)
            print(json ? report.json : "profile       \(path)\n" + report.text)
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start the saved career over (asks for --yes).")
        @OptionGroup var profileOption: ProfileOption
        @OptionGroup var balanceOption: BalanceOption
        @Flag(help: "Yes, erase the saved career.") var yes = false

        func run() throws {
            let path = profileOption.path
            guard yes else { fail("ocean profile reset erases \(path); run it again with --yes to do so") }
            let rules = Rules(balanceOption.load())
            do {
                let lock = try ProfileStore.lock(path: path)
                try Profile.save(GameState(rules: rules, seed: 1), path: path)
                lock.release()
            } catch { fail(error.description) }
            print("\(path): reset to a new career")
        }
    }
}
