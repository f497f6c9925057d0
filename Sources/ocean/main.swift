import ArgumentParser
import OceanBench
import OceanDrivers
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// Exit statuses: 0 all good, 1 a divergence (replays), 2 bad input or usage.
enum ExitStatus {
    static let divergence: Int32 = 1
    static let badInput: Int32 = 2
}

struct Ocean: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocean",
        abstract: "Ocean Rescue: a deterministic game kernel, played headlessly.",
        subcommands: [Sim.self, ReplayCommand.self, ProfileCommand.self, BenchCommand.self, TuneCommand.self]
    )
}

// Usage errors exit with status 2 (not ArgumentParser's 64), like any bad input.
do {
    var command = try Ocean.parseAsRoot()
    try command.run()
} catch {
    let code = Ocean.exitCode(for: error)
    if code == .success {
        print(Ocean.fullMessage(for: error))
        exit(0)
    }
    let message = Ocean.fullMessage(for: error)
    if !message.isEmpty { printError(message) }
    exit(code == .failure || code.rawValue == 64 ? ExitStatus.badInput : code.rawValue)
}
