import ArgumentParser
import OceanCLI
import OceanAssets
import OceanAudio
import OceanBalance
import OceanDrivers
import OceanKernel
import OceanPlatform
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

struct AudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audio",
        abstract: "Render the ocean's sound to a WAV file, time the DSP, keep the sound settings.",
        subcommands: [Render.self, Play.self, Settings.self])
}

/// `--audio FILE`: the sound design (default: assets/audio.toml).
struct AudioDesignOption: ParsableArguments {
    @Option(name: .customLong("audio"), help: "The sound design (TOML). Default: the shipped assets/audio.toml.")
    var path: String?

    init() {}
    init(path: String?) { self.path = path }

    /// The loaded, validated design, or a failure (exit 2) with every problem listed.
    func load() throws -> AudioDesign {
        guard let path = path ?? findAsset("audio.toml") else {
            throw CommandFailure("ocean: cannot find assets/audio.toml; name a sound design with --audio FILE")
        }
        do { return try AudioLoader.load(path: path) } catch { throw CommandFailure(error.description) }
    }
}

/// `--settings`, as --help says it.
private let settingsHelp = ArgumentHelp("The settings file (default: $XDG_CONFIG_HOME/ocean-rescue/audio-settings.toml, "
    + "else ~/.config/ocean-rescue/audio-settings.toml; one an earlier version kept beside the profile is still read).")

extension AudioCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render the ambience of a health, a health path or a replay (with its effects) to a WAV file.")

        @Option(help: "One health for the whole render, 0 to 1.") var health: Double?
        @Option(help: "A file of 'SECONDS HEALTH' lines (health 0 to 1), followed in straight lines.")
        var healthPath: String?
        @Option(help: "A replay: its health drives the ambience, its events the effects.") var replay: String?
        @Option(help: "Seconds to render (default: 10 for --health, the path's or replay's length otherwise).")
        var seconds: Double?
        @Option(help: "Where to write the WAV (48 kHz, stereo, 16-bit).") var out: String
        @Option(help: "Seed of the audio's own random stream.") var seed: UInt64 = 1
        @Option(help: "The sea heard (its ambience tuning in assets/content/seas.toml): bay, reef, mangroves, kelp_forest, arctic.")
        var sea: String?
        @Flag(help: forceHelp()) var force = false
        @OptionGroup var design: AudioDesignOption

        func validate() throws {
            let sources = [health != nil, healthPath != nil, replay != nil].filter { $0 }.count
            guard sources == 1 else { throw ValidationError("give exactly one of --health, --health-path, --replay") }
            try checkPath(out, flag: "--out", stream: true)
            if let health, !(0...1).contains(health) { throw ValidationError("--health: allowed 0 to 1") }
            if let seconds, !(seconds > 0 && seconds <= 3_600) { throw ValidationError("--seconds: allowed above 0, up to 3600") }
        }

        func run() throws {
            try refuseClashes(inputs: [("--replay", replay), ("--health-path", healthPath),
                                   ("--audio", design.path ?? findAsset("audio.toml"))],
                          outputs: [("--out", out)])
            try refuseExisting([("--out", out)], force: force)
            let design = try design.load()
            var path: HealthPath?
            if let healthPath { path = try readHealthPath(healthPath) }
            let read = try replay.map { try readOrExit($0, checkpoints: false) }
            let replayTicks = read.map { ($0.replay.end?.tick ?? $0.replay.lastTick) - $0.replay.header.startTick } ?? 0
            let defaultSeconds = path?.seconds ?? (read != nil ? Double(replayTicks) / Double(Fixed.ticksPerSecond) : 10)
            let ticks = max(1, Int(((seconds ?? defaultSeconds) * Double(Fixed.ticksPerSecond)).rounded()))

            let startHealth = health.map { Int(($0 * 10_000).rounded()) }
                ?? path?.health(at: 0) ?? read?.replay.header.initialState(rules: Rules(read!.replay.header.balance)).health ?? 5_000
            let engine = AudioEngine(design: design, health: startHealth, seed: seed)
            if let sea {
                let looks: SeaLooks
                do { looks = try SeaLooksLoader.load(path: findAsset("content/seas.toml") ?? "assets/content/seas.toml") } catch {
                    throw CommandFailure(error.description)
                }
                guard let look = looks.looks.first(where: { $0.key == sea }) else {
                    throw CommandFailure("--sea: unknown sea '\(sea)'; known: \(looks.looks.map(\.key).joined(separator: ", "))")
                }
                engine.setSea(pitchPercent: look.ambiencePitchPercent, callsPercent: look.callsPercent)
            }
            let ticker = OfflineRender.Ticker(engine)
            // Written to a temporary beside --out, put in place once whole (see AtomicFileStream).
            Interruption.install()
            let file: AtomicFileStream
            do { file = try AtomicFileStream(path: out) } catch { throw CommandFailure(error.description) }
            let wav = WAVStream(frames: ticks * OfflineRender.framesPerTick, write: file.write)
            var cues = 0
            let start = monotonicNanos()
            if let read {
                var done = 0
                let rules = Rules(read.replay.header.balance)
                forEachTick(of: read.replay) { sim in
                    guard done < ticks else { return }
                    engine.setHealth(sim.state.health)
                    for event in sim.events { if let cue = SoundCue(event, rules: rules) { engine.trigger(cue); cues += 1 } }
                    ticker.tick(wav.append)
                    done += 1
                }
                // A --seconds past the replay's end: the ocean as it was left.
                while done < ticks { ticker.tick(wav.append); done += 1 }
            } else {
                for t in 0..<ticks {
                    if let path { engine.setHealth(path.health(at: Double(t) / Double(Fixed.ticksPerSecond))) }
                    ticker.tick(wav.append)
                }
            }
            let cpu = Double(monotonicNanos() - start) / 1e9
            do { try file.commit() } catch { throw CommandFailure(error.description) }
            let audioSeconds = Double(wav.framesWritten) / Double(AudioEngine.sampleRate)
            CommandOutput.summary("rendered \(out): \(decimal(audioSeconds, places: 1)) s, \(wav.framesWritten) frames, 48 kHz stereo 16-bit; "
                + "\(cues) cues (\(engine.droppedCues) dropped); peak \(decimal(Double(wav.peak), places: 3)) of full scale, "
                + "\(wav.clipped) clipped; \(Int(audioSeconds / max(cpu, 1e-9)))× real time", besides: out)
        }
    }

    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play the ocean's ambience live on the audio device (SDL_mixer), at a health or along a path.")

        @Option(help: "One health, 0 to 1.") var health: Double?
        @Option(help: "A file of 'SECONDS HEALTH' lines (health 0 to 1).") var healthPath: String?
        @Option(help: "Seconds of audio to play (counted in samples the device took, not wall time).")
        var seconds: Double = 10
        @Option(help: settingsHelp)
        var settings: String?
        @OptionGroup var design: AudioDesignOption

        func validate() throws {
            guard (health != nil) != (healthPath != nil) else { throw ValidationError("give one of --health, --health-path") }
            if let health, !(0...1).contains(health) { throw ValidationError("--health: allowed 0 to 1") }
            guard seconds > 0 && seconds <= 3_600 else { throw ValidationError("--seconds: allowed above 0, up to 3600") }
        }

        func run() throws {
            let design = try design.load()
            var path: HealthPath?
            if let healthPath { path = try readHealthPath(healthPath) }
            // Like `ocean play`: without a data folder (and no --settings), the defaults.
            var s = AudioSettings()
            if let path = settings ?? AudioSettingsFile.defaultPathIfKnown() {
                do { s = try AudioSettingsFile.load(path: path) } catch { throw CommandFailure(error.description) }
            }
            let startHealth = health.map { Int(($0 * 10_000).rounded()) } ?? path!.health(at: 0)
            let device: AudioDevice
            switch AudioDevice.open(design: design, health: startHealth, settings: s) {
            case .success(let d): device = d
            case .failure(let notice):
                CommandOutput.print("ocean: \(notice)")
                return
            }
            let total = Int(seconds * Double(AudioEngine.sampleRate))
            while device.framesRendered < total {
                if let path { device.link.post(health: path.health(at: Double(device.framesRendered) / 48_000)) }
                var ts = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                nanosleep(&ts, nil)
            }
            device.close()
            CommandOutput.print("played \(device.framesRendered) frames (48 kHz stereo 16-bit) through the audio device")
        }
    }

    struct Settings: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change the sound settings (mute; master, music and effects volumes).")

        @Flag(help: "Mute all sound.") var mute = false
        @Flag(help: "Sound on again.") var unmute = false
        @Option(help: "The master volume (scales music and effects), 0 to 100 %.") var master: Int?
        @Option(help: "The ambience's volume, 0 to 100 %.") var music: Int?
        @Option(help: "The effects' volume, 0 to 100 %.") var effects: Int?
        @Option(help: settingsHelp)
        var settings: String?

        func validate() throws {
            guard !(mute && unmute) else { throw ValidationError("--mute and --unmute: give one") }
            try checkPath(settings, flag: "--settings")
            if let master, !(0...100).contains(master) { throw ValidationError("--master: allowed 0 to 100") }
            if let music, !(0...100).contains(music) { throw ValidationError("--music: allowed 0 to 100") }
            if let effects, !(0...100).contains(effects) { throw ValidationError("--effects: allowed 0 to 100") }
        }

        func run() throws {
            guard let path = settings ?? (ConfigFolder.problem() == nil ? AudioSettingsFile.defaultPathIfKnown() : nil) else {
                throw CommandFailure("ocean: \(ConfigFolder.problem() ?? "neither $XDG_CONFIG_HOME nor $HOME is set"), so there is no default "
                    + "sound settings file; name one with --settings PATH")
            }
            var s: AudioSettings
            do { s = try AudioSettingsFile.load(path: path) } catch { throw CommandFailure(error.description) }
            let changing = mute || unmute || master != nil || music != nil || effects != nil
            if mute { s.mute = 1 }
            if unmute { s.mute = 0 }
            if let master { s.masterPercent = master }
            if let music { s.musicPercent = music }
            if let effects { s.effectsPercent = effects }
            if changing {
                do { try AudioSettingsFile.save(s, path: path) } catch { throw CommandFailure(error.description) }
            }
            CommandOutput.print("\(path): \(s.mute == 1 ? "muted" : "sound on"), master \(s.masterPercent) %, music \(s.musicPercent) %, effects \(s.effectsPercent) %")
        }
    }
}

/// A `--health-path` file, read and parsed, or a failure (exit 2) naming the file and
/// what is wrong (the system's reason when it cannot be read: missing, a FIFO, a folder…).
private func readHealthPath(_ file: String) throws -> HealthPath {
    let text: String
    do { text = try PathName(file).readText(limit: 16 << 20) } catch { throw CommandFailure("\(error.path): cannot read the file: \(error.message)") }
    switch HealthPath.parse(text, file: file) {
    case .success(let p): return p
    case .failure(let e): throw CommandFailure(e.description)
    }
}
