import ArgumentParser
import OceanCLI
import OceanAssets
import OceanFront
import OceanPlatform
import OceanStore

/// `ocean icon`: the desktop icon as a PNG, drawn from the sprites. `make install`
/// runs it; hidden from help because players never need it.
struct IconCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icon",
        abstract: "Draw the desktop icon (from assets/sprites.txt) as a square PNG.",
        shouldDisplay: false)

    @Option(help: "The icon's width and height in pixels: 48 or 64 times 1 to 8 (48, 64, 128, 256 …).")
    var size: Int = 256
    @Option(help: "The PNG to write.") var out: String
    @Flag(help: forceHelp()) var force = false

    func validate() throws {
        try checkPath(out, flag: "--out", stream: true)
        guard AppIcon.grid(forSize: size) != nil else {
            throw ValidationError("--size: \(size) is not 48 or 64 times 1 to 8 (e.g. 48, 64, 128, 256)")
        }
    }

    func run() throws {
        try refuseClashes(inputs: frontAssetInputs(theme: nil), outputs: [("--out", out)])
        try refuseExisting([("--out", out)], force: force)
        let assets: FrontAssets
        do { assets = try FrontAssetsLoader.load(theme: nil) } catch { throw CommandFailure(error.description) }
        let (grid, scale) = AppIcon.grid(forSize: size)!
        do { try PNGFile.write(AppIcon.draw(assets: assets, grid: grid), scale: scale, to: out) } catch {
            throw CommandFailure(error.description)
        }
        CommandOutput.print("wrote \(out) (\(size)×\(size))")
    }
}
