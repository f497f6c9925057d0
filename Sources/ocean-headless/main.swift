import ArgumentParser
import OceanCLI
#if canImport(Glibc)
import Glibc
#endif

/// `ocean` without the window, the sound or SDL: the tuning commands, for a container
/// or a batch node with no display libraries (the image installs it as `ocean`, beside
/// `ocean-server`). The same code as `ocean tune`, so the same bytes.
struct OceanHeadless: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocean",
        abstract: "Ocean Rescue's balance tuning, headless: no window, no sound, no SDL.",
        version: VersionText.text,
        subcommands: [TuneCommand.self])
}

exit(runCommandLine(OceanHeadless.self))
