import CReferenceLoop
import OceanAssets
import OceanFront
import OceanKernel
import OceanSystem

/// How fast the front draws its busy Thriving scene (`BenchScenes`) at 640×360 on one
/// core, and how many allocations a frame makes once warm.
public enum RenderBench {
    /// Renders `busy` for about `seconds` of wall time; returns the frames drawn, the
    /// wall seconds and the CPU seconds (this thread's) they took.
    public static func run(_ busy: inout BenchScenes.Busy, seconds: Double)
        -> (frames: Int, seconds: Double, cpuSeconds: Double) {
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var frames = 0
        var elapsed = 0.0
        while elapsed < seconds {
            busy.render(50)
            frames += 50
            elapsed = Double(monotonicNanos() - start) / 1e9
        }
        return (frames, elapsed, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    /// The yardstick: the C loop's vertical gradient fill of a framebuffer of the same
    /// size (`ref_gradient_frame`), one frame at a time, its colours changing each
    /// frame, for about `seconds` of wall time.
    public static func runGradientFill(_ framebuffer: inout Framebuffer, seconds: Double)
        -> (frames: Int, seconds: Double, cpuSeconds: Double) {
        let (width, height) = (Int64(framebuffer.width), Int64(framebuffer.height))
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var frames = 0
        var elapsed = 0.0
        framebuffer.pixels.withUnsafeMutableBufferPointer { pixels in
            while elapsed < seconds {
                for i in 0..<50 {
                    let shade = UInt32(truncatingIfNeeded: (frames + i) & 0xFF)
                    ref_gradient_frame(pixels.baseAddress!, width, height, 0xFF10_3060 ^ shade, 0xFF02_0818 ^ (shade << 8))
                }
                frames += 50
                elapsed = Double(monotonicNanos() - start) / 1e9
            }
        }
        return (frames, elapsed, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    /// The floor: a C `memcpy` of a frame of the same size from another buffer
    /// (`ref_copy_frame`), its source changed each frame so no copy can be skipped,
    /// for about `seconds` of wall time.
    public static func runFrameCopy(_ framebuffer: inout Framebuffer, from source: inout [UInt32], seconds: Double)
        -> (frames: Int, seconds: Double, cpuSeconds: Double) {
        let count = Int64(framebuffer.pixels.count)
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var frames = 0
        var elapsed = 0.0
        framebuffer.pixels.withUnsafeMutableBufferPointer { pixels in
            source.withUnsafeMutableBufferPointer { src in
                while elapsed < seconds {
                    for i in 0..<50 {
                        src[(frames + i) % src.count] &+= 1
                        ref_copy_frame(pixels.baseAddress!, src.baseAddress!, count)
                    }
                    frames += 50
                    elapsed = Double(monotonicNanos() - start) / 1e9
                }
            }
        }
        return (frames, elapsed, Double(threadCPUNanos() - cpuStart) / 1e9)
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
