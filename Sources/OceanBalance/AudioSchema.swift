/// The sound design in `assets/audio.toml`: the mix, how fast the health parameter
/// moves, each ambient layer's gain curve over health and its voice, and the
/// effects' pitches. Whole numbers only, like the balance: gains in 1/1000, health in
/// 1/10000, times in ms, frequencies in Hz. The DSP (`OceanAudio`) turns it into
/// floats once, before it plays.
public struct AudioDesign: Equatable, Sendable {
    /// The ambient layers, from the bottom of the spectrum up.
    public enum Layer: Int, CaseIterable, Sendable {
        case rumble, surf, pad, chimes, birds

        /// The layer's table in the file, e.g. `[rumble]`.
        public var key: String {
            switch self {
            case .rumble: "rumble"
            case .surf: "surf"
            case .pad: "pad"
            case .chimes: "chimes"
            case .birds: "birds"
            }
        }
    }

    /// How many points each gain curve has.
    public static let curvePoints = 4

    /// One layer's curve (gains in 1/1000 at health points in 1/10000, health
    /// increasing) and the one frequency that places it in the spectrum.
    public struct LayerDesign: Equatable, Sendable {
        public var health = [0, 3_000, 6_000, 10_000]
        public var gain = [0, 0, 0, 0]
        public var hz = 100
        /// Events per minute for the layers that strike (chimes, birds); unused otherwise.
        public var perMinute = 0
        public init() {}
    }

    // [mix]
    /// Gain of the whole mix before the limiter, in 1/1000: the headroom.
    public var headroomPerMille = 500
    /// The limiter's ceiling, in 1/1000 of full scale: no sample ever goes above it.
    public var ceilingPerMille = 891
    /// How long the limiter takes to let go after a peak.
    public var releaseMs = 150
    /// The ambience bus and the effects bus, in 1/1000.
    public var ambiencePerMille = 800
    public var effectsPerMille = 600
    /// The mix's high-pass (2nd-order Butterworth): nothing below hearing is played.
    public var highPassHz = 25

    // [health]
    /// The seek speed of the health parameter (FMOD/Wwise RTPC): how far it may move
    /// per second, in 1/10000 of full health.
    public var seekPerSecond = 4_000

    // [rumble]
    /// The rumble's noise band, where small speakers still play it.
    public var rumbleLowHz = 60
    public var rumbleHighHz = 150

    // [surf]
    public var wavePeriodMs = 7_000

    public var layers = Array(repeating: LayerDesign(), count: Layer.allCases.count)

    // [effects]
    public var catchHz = 660
    /// How much each combo step raises the catch, in cents (100 = a semitone).
    public var catchCentsPerCombo = 100
    /// The catch stops rising here, in cents above `catchHz`.
    public var catchMaxCents = 2_400
    /// The catch's loudness and the miss splash's, in 1/1000 of their recipes' levels:
    /// a catch at least as loud as a miss (a miss is a splash, not a punishment).
    public var catchLevelPerMille = 1_000
    public var missLevelPerMille = 1_000
    /// The broken combo's falling "bwomp" (it sounds with the miss that breaks it).
    public var comboBrokenLevelPerMille = 1_000
    public var stingerHz = 262

    public init() {}
}

/// Every key of `assets/audio.toml`, and the rules between them.
public enum AudioSchema {
    public static let fields: [SchemaField<AudioDesign>] = {
        var f: [SchemaField<AudioDesign>] = []
        func add(_ key: String, _ unit: String, _ range: ClosedRange<Int>,
                 _ path: WritableKeyPath<AudioDesign, Int> & Sendable) {
            f.append(SchemaField(key: key, unit: unit, range: range, path: path))
        }
        add("mix.headroom_per_mille", "1/1000 of full scale", 1...1_000, \.headroomPerMille)
        add("mix.ceiling_per_mille", "1/1000 of full scale", 100...999, \.ceilingPerMille)
        add("mix.release_ms", "ms", 1...5_000, \.releaseMs)
        add("mix.ambience_per_mille", "1/1000", 0...1_000, \.ambiencePerMille)
        add("mix.effects_per_mille", "1/1000", 0...1_000, \.effectsPerMille)
        add("mix.high_pass_hz", "Hz", 10...200, \.highPassHz)
        add("rumble.low_hz", "Hz", 20...2_000, \.rumbleLowHz)
        add("rumble.high_hz", "Hz", 20...2_000, \.rumbleHighHz)
        add("health.seek_per_s", "1/10000 of full health per second", 1...1_000_000, \.seekPerSecond)
        add("surf.wave_period_ms", "ms", 500...60_000, \.wavePeriodMs)
        for layer in AudioDesign.Layer.allCases {
            let k = layer.key + "."
            let i = layer.rawValue
            for p in 0..<AudioDesign.curvePoints {
                add(k + "health_\(p + 1)", "1/10000 of full health", 0...10_000, \.layers[i].health[p])
                add(k + "gain_\(p + 1)", "1/1000", 0...1_000, \.layers[i].gain[p])
            }
            add(k + "hz", "Hz", 20...12_000, \.layers[i].hz)
            if layer == .chimes || layer == .birds {
                add(k + "per_minute", "strikes per minute", 1...600, \.layers[i].perMinute)
            }
        }
        add("effects.catch_hz", "Hz", 50...8_000, \.catchHz)
        add("effects.catch_cents_per_combo", "cents", 0...1_200, \.catchCentsPerCombo)
        add("effects.catch_max_cents", "cents", 0...3_600, \.catchMaxCents)
        add("effects.stinger_hz", "Hz", 50...4_000, \.stingerHz)
        add("effects.catch_level_per_mille", "1/1000 of the recipe", 0...4_000, \.catchLevelPerMille)
        add("effects.miss_level_per_mille", "1/1000 of the recipe", 0...4_000, \.missLevelPerMille)
        add("effects.combo_broken_level_per_mille", "1/1000 of the recipe", 0...4_000, \.comboBrokenLevelPerMille)
        return f
    }()

    public static let schema = Schema<AudioDesign>(fields: fields) { d in
        var problems: [SchemaProblem] = []
        for layer in AudioDesign.Layer.allCases {
            let h = d.layers[layer.rawValue].health
            for p in 1..<h.count where h[p] <= h[p - 1] {
                problems.append(SchemaProblem(
                    key: "\(layer.key).health_\(p + 1)",
                    message: "\(h[p]) must be above \(layer.key).health_\(p) (\(h[p - 1])): a curve's points climb in health"))
            }
        }
        if d.rumbleHighHz <= d.rumbleLowHz {
            problems.append(SchemaProblem(key: "rumble.high_hz",
                                          message: "\(d.rumbleHighHz) must be above rumble.low_hz (\(d.rumbleLowHz)): the band's top over its bottom"))
        }
        if d.layers[AudioDesign.Layer.rumble.rawValue].hz < d.highPassHz {
            problems.append(SchemaProblem(key: "rumble.hz",
                                          message: "the rumble's tones would sit below mix.high_pass_hz (\(d.highPassHz) Hz), which removes them"))
        }
        // Whole octaves only: a bound that errs on the permissive side by under an octave.
        if d.catchHz << (d.catchMaxCents / 1_200) > 16_000 {
            problems.append(SchemaProblem(key: "effects.catch_max_cents",
                                          message: "the highest catch would be above 16 kHz; lower it or effects.catch_hz"))
        }
        return problems
    }

    /// Validates the entries of an audio file (see `Schema.validate`).
    public static func validate(_ entries: [RawEntry], file: String,
                                lineOfMissing: (String) -> Int? = { _ in nil }) throws(DataError) -> AudioDesign {
        try schema.validate(entries, into: AudioDesign(), file: file, lineOfMissing: lineOfMissing)
    }
}

/// The player's sound settings, kept beside the profile (`audio-settings.toml`).
public struct AudioSettings: Equatable, Sendable {
    /// 1 = no sound at all.
    public var mute = 0
    /// Scales both the music and the effects (the pause menu's Master).
    public var masterPercent = 100
    public var musicPercent = 80
    public var effectsPercent = 100

    public init() {}

    public static let schema = Schema<AudioSettings>(fields: [
        SchemaField(key: "mute", unit: "0 = sound on, 1 = muted", range: 0...1, path: \.mute),
        SchemaField(key: "master_percent", unit: "% of everything's level", range: 0...100, path: \.masterPercent),
        SchemaField(key: "music_percent", unit: "% of the ambience's level", range: 0...100, path: \.musicPercent),
        SchemaField(key: "effects_percent", unit: "% of the effects' level", range: 0...100, path: \.effectsPercent),
    ])

    /// The file's text.
    public var text: String {
        """
        # Ocean Rescue sound settings (`ocean audio settings` and the pause menu's Sound write this file).
        mute = \(mute)                   # 0 = sound on, 1 = muted
        master_percent = \(masterPercent)       # everything, 0 to 100
        music_percent = \(musicPercent)         # the ocean's ambience, 0 to 100
        effects_percent = \(effectsPercent)      # the game's effects, 0 to 100

        """
    }

    /// The music's and the effects' levels in per mille, the master applied (what
    /// `AudioLink.setVolumes` takes).
    public var musicPerMille: Int { musicPercent * masterPercent / 10 }
    public var effectsPerMille: Int { effectsPercent * masterPercent / 10 }
}
