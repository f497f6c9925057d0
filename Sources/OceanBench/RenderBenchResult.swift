import OceanDrivers
import OceanAssets
import OceanFront
import OceanKernel

/// The renderer's line of `ocean-bench`: the busy Thriving scene (40 items, fish,
/// coral, popups, the HUD, the pet) drawn into the 640×360 framebuffer on one core.
public struct RenderBenchResult: Encodable, Sendable {
    public var frames = 0
    public var seconds = 0.0
    /// Frames counted for allocations, once warm.
    public var countedFrames = 0
    /// Allocation calls in those frames; nil when no counter was available.
    public var allocations: Int?
    /// Allocation calls in as many frames of the career's screens (menu, card, charts…).
    public var careerAllocations: Int?

    public var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }
    /// Rounded up to a hundredth, so one stray allocation never shows as 0.
    public var allocationsPerFrame: Double? { perFrame(allocations) }
    public var careerAllocationsPerFrame: Double? { perFrame(careerAllocations) }

    func perFrame(_ calls: Int?) -> Double? {
        calls.map { ($0 * 100 + countedFrames - 1) / countedFrames }.map { Double($0) / 100 }
    }

    /// Draws for about `seconds`, then counts allocations over 500 more frames with
    /// `counter` (the malloc interposer, in `ocean-bench`), if given.
    public static func measure(assets: FrontAssets, rules: Rules, content: CareerContent, seconds: Double,
                               counter: ((() -> Void) -> Int)?) -> RenderBenchResult {
        var r = RenderBenchResult()
        _ = RenderBench.run(seconds: seconds / 10, assets: assets, rules: rules)  // warm-up
        (r.frames, r.seconds) = RenderBench.run(seconds: seconds, assets: assets, rules: rules)
        if let counter {
            r.countedFrames = 500
            r.allocations = RenderBench.allocations(frames: r.countedFrames, assets: assets, rules: rules, count: counter)
            r.careerAllocations = RenderBench.careerAllocations(frames: r.countedFrames, assets: assets, rules: rules,
                                                                content: content, count: counter)
        }
        return r
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(GameView.width, forKey: JSONKey("width"))
        try c.encode(GameView.height, forKey: JSONKey("height"))
        try c.encode(Int(framesPerSecond), forKey: JSONKey("framesPerSecond"))
        try c.encode(allocationsPerFrame, forKey: JSONKey("allocationsPerFrame"))  // null when not counted
        try c.encode(careerAllocationsPerFrame, forKey: JSONKey("careerScreensAllocationsPerFrame"))
        try c.encode(frames, forKey: JSONKey("frames"))
        try c.encode(rounded2(seconds), forKey: JSONKey("seconds"))
    }

    public var text: String {
        "render         \(Int(framesPerSecond)) frames/s of a busy Thriving scene at \(GameView.width)×\(GameView.height) "
            + "(target ≥ 2000); "
            + (allocationsPerFrame.map { "\(decimal($0)) allocations per frame once warm" } ?? "allocations not counted")
            + (careerAllocationsPerFrame.map { ", \(decimal($0)) on the career's screens" } ?? "")
    }
}
