import ArgumentParser
import OceanCLI
import OceanAssets
import OceanFront
import OceanKernel
import OceanPlatform
import OceanStore

/// `ocean companion`: what a desk e-ink display beside the game shows.
struct CompanionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "companion",
        abstract: "The e-ink companion's picture of a career (Outku's desk device).",
        subcommands: [Render.self])

    /// `ocean companion render`: the picture as a black-and-white PNG, the same bytes
    /// for the same profile (no clock, no randomness).
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw the pet in its mood, the ocean's health and phase, today's grams and the streak, in pure black and white.")

        @OptionGroup var profileOption: ProfileOption
        @Option(help: "The display's size, WxH (at least 128x64, at most 2000x2000): 296x128 and 400x300 are common panels.")
        var size: String = "296x128"
        @Option(help: "The PNG to write.") var out: String
        @Flag(help: forceHelp()) var force = false
        @OptionGroup var balanceOption: BalanceOption

        func validate() throws {
            try checkPath(out, flag: "--out", stream: true)
            guard dimensions != nil else { throw ValidationError("--size: '\(size)' is not WxH from 128x64 to 2000x2000") }
        }

        var dimensions: (width: Int, height: Int)? {
            let parts = size.split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                  (128...2000).contains(w), (64...2000).contains(h) else { return nil }
            return (w, h)
        }

        func run() throws {
            let profile = try profileOption.path
            try refuseClashes(inputs: balanceOption.inputs + frontAssetInputs(theme: nil) + [("--profile", profile)],
                          outputs: [("--out", out)])
            try refuseExisting([("--out", out)], force: force)
            let rules = Rules(try balanceOption.load())
            let assets: FrontAssets
            do { assets = try FrontAssetsLoader.load(theme: nil) } catch { throw CommandFailure(error.description) }
            let contents: ProfileText.Contents?
            do { contents = try Profile.loadContents(path: profile, rules: rules) } catch { throw CommandFailure(error.description) }
            guard let state = contents?.state else {
                throw CommandFailure("ocean companion render: no career at \(profile) yet; play once (`ocean play`) or name one with --profile")
            }
            let (w, h) = dimensions!
            do { try PNGFile.write(CompanionPicture.render(state, rules: rules, assets: assets, width: w, height: h), to: out) } catch {
                throw CommandFailure(error.description)
            }
            CommandOutput.print("wrote \(out) (\(w)×\(h), black and white)")
        }
    }
}
