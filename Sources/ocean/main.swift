import ArgumentParser
import OceanKernel
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

struct Ocean: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocean",
        abstract: "Ocean Rescue: a deterministic game kernel, played headlessly.",
        version: Engine.version,
        subcommands: [PlayCommand.self, Sim.self, ReplayCommand.self, ProfileCommand.self,
                      AudioCommand.self, TuneCommand.self, IconCommand.self, CompanionCommand.self]
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
