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

    /// What this program sets up before a command runs (the tests that run commands in
    /// their own process do the same).
    static func prepare() {
        // The tune command's charts as PNG go through SDL_image, which this program links.
        TuneCommand.pngWriter = { picture, path in try PNGWriter.write(picture, to: path) }
    }
}

// A lost display ends the process from inside Xlib's handler: only the entry point ends it.
DisplayLoss.endProcess = { status in _exit(status) }
Ocean.prepare()
// The only exit: with the status the command ended with (see `runCommandLine`).
exit(runCommandLine(Ocean.self))
