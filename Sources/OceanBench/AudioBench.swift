import OceanAudio
import OceanBalance
import OceanDrivers
import OceanSystem

/// The real-time factor: seconds of audio rendered per second of CPU, all layers
/// at once and a busy stream of effects (a catch every 100 ms with a rising combo,
/// a splash, a combo break, a level-up, an achievement, an evolution and a stinger
/// every second), in blocks the size of the device's buffer.
public enum AudioBench {
    /// The device's buffer: 1,024 frames (21 ms).
    public static let frames = 1_024
    static let others: [SoundCue.Kind] = [.missed, .comboBroken, .levelUp, .achievement, .petEvolved, .phaseUp, .phaseDown]

    /// One device buffer of the busy stream, as the callback does it: the cues that
    /// arrived, then the render. About 47 blocks a second: a catch every 5 blocks
    /// (~107 ms) with a rising combo, one other cue every 47 (~1 s).
    public static func busyBlock(_ engine: AudioEngine, _ buffer: UnsafeMutableBufferPointer<Float>, _ block: Int) {
        if block % 5 == 0 { engine.trigger(SoundCue(.caught, Int32(block / 5 % 30))) }
        if block % 47 == 0 { engine.trigger(SoundCue(others[block / 47 % others.count], 2)) }
        engine.render(into: buffer, frames: frames)
    }

    /// Heap allocations made by `blocks` busy blocks after a warm-up (every cue
    /// once), counted by `count` (which runs its argument and returns the count).
    /// Each block goes the live way: the game posts its health and cues to an
    /// `AudioLink`, the callback applies them and renders.
    public static func callbackAllocations(design: AudioDesign, blocks: Int, count: (() -> Void) -> Int) -> Int {
        let engine = AudioEngine(design: design, health: 7_500)
        let link = AudioLink(health: 7_500)
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: frames * 2)
        defer { buffer.deallocate() }
        func block(_ b: Int) {
            link.post(health: 5_000 + b % 2 * 4_000)
            if b % 5 == 0 { link.post(SoundCue(.caught, Int32(b / 5 % 30))) }
            if b % 47 == 0 { link.post(SoundCue(others[b / 47 % others.count], 2)) }
            link.apply(to: engine)
            engine.render(into: buffer, frames: frames)
        }
        for kind in SoundCue.Kind.allCases { engine.trigger(SoundCue(kind, 3)) }
        for b in 0..<50 { block(b) }
        return count { for b in 50..<(50 + blocks) { block(b) } }
    }

    public static func realtimeFactor(design: AudioDesign, seconds: Double,
                                      now: () -> UInt64) -> (factor: Double, audioSeconds: Double) {
        // Health where every layer sounds.
        let engine = AudioEngine(design: design, health: 7_500)
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: frames * 2)
        defer { buffer.deallocate() }
        let start = now()
        var rendered = 0
        var block = 0
        while true {
            busyBlock(engine, buffer, block)
            rendered += frames
            block += 1
            if block % 64 == 0, Double(now() - start) / 1e9 >= seconds { break }
        }
        let cpu = Double(now() - start) / 1e9
        let audio = Double(rendered) / Double(AudioEngine.sampleRate)
        return (audio / cpu, audio)
    }
}

/// The audio line of `ocean-bench` and `ocean-bench audio`.
public struct AudioBenchResult: Encodable, Sendable {
    public var factor: Double
    public var audioSeconds: Double
    /// Allocations in 500 busy device buffers (cues and render); nil if not counted.
    public var allocations: Int?

    /// Renders for about `seconds` of CPU time, then counts allocations over 500 busy
    /// device buffers with `counter`, if given.
    public static func measure(_ design: AudioDesign, seconds: Double,
                               counter: ((() -> Void) -> Int)?) -> AudioBenchResult {
        let r = AudioBench.realtimeFactor(design: design, seconds: seconds, now: threadCPUNanos)
        let allocations = counter.map { AudioBench.callbackAllocations(design: design, blocks: 500, count: $0) }
        return AudioBenchResult(factor: r.factor, audioSeconds: r.audioSeconds, allocations: allocations)
    }

    enum CodingKeys: String, CodingKey { case realtimeFactor, audioSeconds, callbackAllocations }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Int(factor), forKey: .realtimeFactor)
        try c.encode(rounded2(audioSeconds), forKey: .audioSeconds)
        try c.encode(allocations, forKey: .callbackAllocations)  // null when not counted
    }

    public var text: String {
        "audio          \(Int(factor))× real time (\(decimal(audioSeconds)) s of audio: all layers and a busy stream "
            + "of effects; target ≥ 200×); \(allocations.map(String.init) ?? "uncounted") allocations in 500 device buffers"
    }
}
