import ArgumentParser
import OceanCLI
import OceanServeCommand
#if canImport(Glibc)
import Glibc
#endif

/// `ocean` without the window, the sound or SDL: the tuning commands and the Daily
/// Ocean's server, for a container or a batch node with no display libraries (the
/// image installs it as `ocean`). The same code as `ocean tune` and `ocean serve`, so
/// the same bytes; only --png is missing, since the picture writer is SDL_image's.
struct OceanHeadless: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocean",
        abstract: "Ocean Rescue's balance tuning and Daily Ocean server, headless: no window, no sound, no SDL.",
        version: VersionText.text,
        subcommands: [TuneCommand.self, ServeCommand.self])
}

exit(runCommandLine(OceanHeadless.self))
