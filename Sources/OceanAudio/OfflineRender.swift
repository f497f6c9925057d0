import OceanBalance
import OceanKernel

/// Offline rendering, through the same `render` the device calls: the audio is cut
/// into ticks of the game's clock (60 per second, 800 frames each at 48 kHz), and
/// before each tick the caller sets the health and triggers the tick's cues, so a
/// replay's events sound at their ticks.
public enum OfflineRender {
    /// The game's tick rate, as the kernel declares it (`Fixed.ticksPerSecond`).
    public static let ticksPerSecond = Fixed.ticksPerSecond
    public static let framesPerTick = AudioEngine.sampleRate / ticksPerSecond

    /// Renders `ticks` ticks. `beforeTick(i)` runs before tick `i`'s frames;
    /// `sink` gets each tick's interleaved stereo samples (a reused buffer).
    public static func run(_ engine: AudioEngine, ticks: Int, beforeTick: (Int) -> Void,
                           sink: (UnsafeBufferPointer<Float>) -> Void) {
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: framesPerTick * AudioEngine.channels)
        defer { buffer.deallocate() }
        for t in 0..<ticks {
            beforeTick(t)
            engine.render(into: buffer, frames: framesPerTick)
            sink(UnsafeBufferPointer(buffer))
        }
    }

    /// Renders one tick into a reused buffer and hands it to `sink`.
    public final class Ticker {
        public let engine: AudioEngine
        private let buffer: UnsafeMutableBufferPointer<Float>

        public init(_ engine: AudioEngine) {
            self.engine = engine
            buffer = .allocate(capacity: OfflineRender.framesPerTick * AudioEngine.channels)
        }

        deinit { buffer.deallocate() }

        public func tick(_ sink: (UnsafeBufferPointer<Float>) -> Void) {
            engine.render(into: buffer, frames: OfflineRender.framesPerTick)
            sink(UnsafeBufferPointer(buffer))
        }
    }

    /// Renders `seconds` at one health into memory (tests, analysis).
    public static func steady(_ engine: AudioEngine, seconds: Double) -> [Float] {
        let frames = Int(seconds * Double(AudioEngine.sampleRate))
        var out = [Float](repeating: 0, count: frames * AudioEngine.channels)
        out.withUnsafeMutableBufferPointer { engine.render(into: $0, frames: frames) }
        return out
    }
}
