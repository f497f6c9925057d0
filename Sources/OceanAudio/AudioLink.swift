/// How the game thread talks to the audio thread with no lock: the health and the
/// volumes as atomics, and the cues through a single-producer, single-consumer
/// ring of fixed size. The game posts; the audio callback applies what was posted
/// to its engine before each buffer. Neither side ever waits or allocates; a cue
/// posted to a full ring is dropped and counted (the game must never block on sound).

import OceanKernel
import Synchronization

public final class AudioLink: @unchecked Sendable {
    public static let capacity = 256
    private let slots: UnsafeMutablePointer<UInt64>
    /// The next slot the game writes; only the game stores it.
    private let head = Atomic<Int>(0)
    /// The next slot the audio reads; only the audio stores it.
    private let tail = Atomic<Int>(0)
    private let health: Atomic<Int>
    private let musicPerMille = Atomic<Int>(1_000)
    private let effectsPerMille = Atomic<Int>(1_000)
    private let muted = Atomic<Bool>(false)
    /// The sea's ambience tuning: pitch % in the high half, calls % in the low.
    private let sea = Atomic<Int>(100 << 16 | 100)
    /// Cues the game could not post (the ring was full). Game thread only.
    public private(set) var dropped = 0

    public init(health: Int) {
        self.health = Atomic(health)
        slots = .allocate(capacity: AudioLink.capacity)
        slots.initialize(repeating: 0, count: AudioLink.capacity)
    }

    deinit { slots.deallocate() }

    // MARK: The game's side

    /// The ocean's health now (1/10000); the audio glides to it.
    public func post(health h: Int) { health.store(h, ordering: .relaxed) }

    /// The sea being played's ambience tuning (`AudioEngine.setSea`).
    public func post(seaPitchPercent pitch: Int, callsPercent calls: Int) {
        sea.store((pitch & 0xFFFF) << 16 | (calls & 0xFFFF), ordering: .relaxed)
    }

    public func post(_ cue: SoundCue) {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        guard h - t < AudioLink.capacity else {
            dropped += 1
            return
        }
        slots[h % AudioLink.capacity] = UInt64(cue.climb) << 40 | UInt64(cue.kind.rawValue) << 32 | UInt64(UInt32(bitPattern: cue.value))
        head.store(h + 1, ordering: .releasing)
    }

    /// A tick's news: its health and a cue for each event that sounds (under `rules`:
    /// the catch's pitch climbs to their multiplier's cap).
    public func post(health h: Int, events: [Event], rules: Rules) {
        post(health: h)
        for event in events { if let cue = SoundCue(event, rules: rules) { post(cue) } }
    }

    /// Volumes in 0…1000 (‰); `mute` silences both.
    public func setVolumes(music: Int, effects: Int, mute: Bool) {
        musicPerMille.store(music, ordering: .relaxed)
        effectsPerMille.store(effects, ordering: .relaxed)
        muted.store(mute, ordering: .relaxed)
    }

    // MARK: The audio's side

    /// Applies what the game posted to `engine`: every waiting cue, the health, the
    /// volumes. Allocates nothing, takes no lock.
    public func apply(to engine: AudioEngine) {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        var i = t
        while i < h {
            let word = slots[i % AudioLink.capacity]
            if let kind = SoundCue.Kind(rawValue: UInt8(truncatingIfNeeded: word >> 32)) {
                engine.trigger(SoundCue(kind, Int32(bitPattern: UInt32(truncatingIfNeeded: word)),
                                        climb: UInt16(truncatingIfNeeded: word >> 40)))
            }
            i += 1
        }
        tail.store(h, ordering: .releasing)
        engine.setHealth(health.load(ordering: .relaxed))
        let tuning = sea.load(ordering: .relaxed)
        engine.setSea(pitchPercent: tuning >> 16, callsPercent: tuning & 0xFFFF)
        engine.musicVolume = Float(musicPerMille.load(ordering: .relaxed)) / 1_000
        engine.effectsVolume = Float(effectsPerMille.load(ordering: .relaxed)) / 1_000
        engine.muted = muted.load(ordering: .relaxed)
    }
}
