import OceanBalance
import OceanDrivers
import OceanKernel
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// How much of a core the game takes while it is played (issue 51: playing is light on
/// a laptop): `ocean play --quick --mode arcade` in a virtual display (`xvfb-run`, so
/// no GPU: OpenGL there is Mesa's software llvmpipe) for `seconds`, under a balance
/// whose bin spans the playfield (no sway), so the hands-off game keeps catching and
/// its rounds keep growing: a busy arcade round, not a game over screen. The game
/// reports its whole process's CPU time (every thread) from its first present to its
/// last and the renderer it chose (`--print-timing`).
public struct PlayingCPUResult: Encodable, Sendable {
    public var percent: Double?
    public var seconds: Double?
    public var renderer: String?
    public var why: String?

    static let seconds = 20.0
    /// GAME_RULES-style target: a tenth of one core at most.
    static let targetPercent = 10.0

    public static func measure(balance: Balance) -> PlayingCPUResult {
        let ocean: String
        switch GameUnderXvfb.ocean() {
        case .success(let path): ocean = path
        case .failure(let skip): return PlayingCPUResult(why: skip.why)
        }
        guard let scratch = ScratchFolder(prefix: "ocean-bench-playing") else { return PlayingCPUResult(why: "no temporary folder") }
        var busy = balance
        busy.bin.widthPx = busy.playfield.widthPx - 1
        for i in busy.kinds.indices { busy.kinds[i].swaySpeedPxPerS = 0 }
        let file = scratch.path + "/busy.toml"
        do { try replaceFile(file, with: BalanceSchema.toml(busy, comment: "ocean-bench: the bin spans the playfield, nothing sways")) } catch {
            return PlayingCPUResult(why: "cannot write \(file): \(error)")
        }
        let arguments = ["play", "--quick", "--mode", "arcade", "--mute", "--balance", file, "--quit-after", "\(seconds)",
                         "--print-timing", "--profile", scratch.path + "/profile", "--record", scratch.path + "/run.replay"]
        guard let r = GameUnderXvfb.run(ocean, arguments, screen: "1920x1080x24", limit: Int(seconds) + 60) else {
            return PlayingCPUResult(why: "could not start xvfb-run")
        }
        let lines = r.output.split(separator: "\n")
        let share = lines.first { $0.hasPrefix("cpu-share-percent ") }?.split(separator: " ")
        guard r.status == 0, let share, share.count >= 4, let percent = Double(share[1]), let over = Double(share[3]) else {
            return PlayingCPUResult(why: "`ocean play` under xvfb-run exited \(r.status): \(lines.last.map(String.init) ?? "no output")")
        }
        let renderer = lines.first { $0.hasPrefix("renderer ") }.map { String($0.dropFirst("renderer ".count)) }
        return PlayingCPUResult(percent: percent, seconds: over, renderer: renderer)
    }

    public var text: String {
        guard let percent, let seconds else { return "playing        not measured: \(why ?? "unknown")" }
        return "playing        \(decimal(percent)) % of one core over \(decimal(seconds)) s of a busy arcade round under Xvfb "
            + "(the whole process; renderer: \(renderer ?? "?"); target ≤ \(decimal(Self.targetPercent)) %)"
    }
}
