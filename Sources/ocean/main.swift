import ArgumentParser
import OceanKernel
import OceanSystem
import OceanCLI
import OceanPlatform
import OceanTune
#if canImport(Glibc)
import Glibc
#endif

struct Ocean: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocean",
        abstract: "Ocean Rescue: a deterministic game kernel, played headlessly.",
        version: VersionText.text,
        subcommands: [PlayCommand.self, Sim.self, ReplayCommand.self, ProfileCommand.self,
                      AudioCommand.self, TuneCommand.self, IconCommand.self, CompanionCommand.self, ScoresCommand.self,
                      DailyCommand.self, KeysCommand.self, RegressCommand.self]
    )
}

// A lost display ends the process from inside Xlib's handler: only the entry point ends it.
DisplayLoss.endProcess = { status in _exit(status) }
// The only exit: with the status the command ended with (see `runCommandLine`).
exit(runCommandLine(Ocean.self))
