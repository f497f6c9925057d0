import OceanAssets
import OceanFront
import OceanKernel
import OceanSystem

/// How fast the front draws its busy Thriving scene (`BenchScenes`) at 640×360 on one
/// core, and how many allocations a frame makes once warm.
public enum RenderBench {
    /// Renders the busy scene for about `seconds` of wall time; returns the frames
    /// drawn and the seconds they took.
    public static func run(seconds: Double, assets: FrontAssets, rules: Rules) -> (frames: Int, seconds: Double) {
        var busy = BenchScenes.Busy(assets: assets, rules: rules)
        let start = monotonicNanos()
        var frames = 0
        var elapsed = 0.0
        while elapsed < seconds {
            busy.render(50)
            frames += 50
            elapsed = Double(monotonicNanos() - start) / 1e9
        }
        return (frames, elapsed)
    }

    /// Allocation calls made drawing `frames` busy frames once warm (a first round
    /// of frames has sized every buffer), as `count` counts them around its work.
    public static func allocations(frames: Int, assets: FrontAssets, rules: Rules,
                                   count: (() -> Void) -> Int) -> Int {
        var busy = BenchScenes.Busy(assets: assets, rules: rules)
        busy.render(50)
        return count { busy.render(frames) }
    }

    /// Allocation calls made drawing `frames` frames of the career's screens in turn
    /// once warm (every screen drawn twice first).
    public static func careerAllocations(frames: Int, assets: FrontAssets, rules: Rules, content: CareerContent,
                                         count: (() -> Void) -> Int) -> Int {
        var career = BenchScenes.Career(assets: assets, rules: rules, content: content)
        career.render(2 * career.screens)
        return count { career.render(frames) }
    }
}
