import CSDL2
import OceanAudio
import OceanBalance
import Synchronization

/// The speaker: SDL_mixer opened at 48 kHz, stereo, 16-bit, 1,024-frame buffers,
/// with `Mix_HookMusic` calling the same DSP the offline render uses. The game
/// posts health and cues through `link` (lock-free); the callback, on SDL's audio
/// thread, applies them and renders straight into SDL's buffer, allocating nothing.
/// No device (no sound card, a server that refuses) is a one-line notice from
/// `open`, never an error: the game plays on in silence.
public final class AudioDevice {
    public static let frames = 1_024
    public let link: AudioLink
    private let live: LiveAudio
    private var isOpen = false

    /// Opens the device, or says in one line why there is none.
    public static func open(design: AudioDesign, health: Int, settings: AudioSettings) -> Result<AudioDevice, AudioNotice> {
        // The engine is made before the device opens: once open, the device plays
        // (silence until the hook is in), so nothing slow may come between.
        let device = AudioDevice(design: design, health: health, settings: settings)
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
            return .failure(AudioNotice("no audio (\(String(cString: SDL_GetError()))); playing on in silence"))
        }
        guard Mix_OpenAudio(Int32(AudioEngine.sampleRate), UInt16(AUDIO_S16LSB), 2, Int32(frames)) == 0 else {
            let why = String(cString: SDL_GetError())
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return .failure(AudioNotice("no audio device (\(why)); playing on in silence"))
        }
        var rate: Int32 = 0, format: UInt16 = 0, channels: Int32 = 0
        _ = Mix_QuerySpec(&rate, &format, &channels)
        guard rate == Int32(AudioEngine.sampleRate), format == UInt16(AUDIO_S16LSB), channels == 2 else {
            Mix_CloseAudio()
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return .failure(AudioNotice("the audio device offers \(rate) Hz, \(channels) channels, format \(format), "
                + "not 48 kHz 16-bit stereo; playing on in silence"))
        }
        Mix_HookMusic(audioCallback, Unmanaged.passUnretained(device.live).toOpaque())
        device.isOpen = true
        return .success(device)
    }

    private init(design: AudioDesign, health: Int, settings: AudioSettings) {
        link = AudioLink(health: health)
        link.setVolumes(music: settings.musicPerMille, effects: settings.effectsPerMille, mute: settings.mute == 1)
        let engine = AudioEngine(design: design, health: health)
        link.apply(to: engine)
        engine.snapVolumes()
        live = LiveAudio(engine: engine, link: link)
    }

    /// Frames the callback has rendered so far (read from any thread).
    public var framesRendered: Int { live.framesRendered.load(ordering: .relaxed) }

    /// Unhooks the DSP and closes the device (before SDL_Quit).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        Mix_HookMusic(nil, nil)
        Mix_CloseAudio()
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }

    deinit { close() }
}

/// Why there is no sound: one line for the player.
public struct AudioNotice: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = d }
}

/// What the callback holds: the engine (the audio thread's alone once hooked), the
/// link, and a float scratch of one device buffer.
final class LiveAudio: @unchecked Sendable {
    let engine: AudioEngine
    let link: AudioLink
    let scratch: UnsafeMutableBufferPointer<Float>
    let framesRendered = Atomic<Int>(0)

    init(engine: AudioEngine, link: AudioLink) {
        self.engine = engine
        self.link = link
        scratch = .allocate(capacity: AudioDevice.frames * 2)
    }

    deinit { scratch.deallocate() }

    /// Fills `bytes` bytes of 16-bit stereo: the posted news first, then the DSP.
    func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        link.apply(to: engine)
        let out = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: Int16.self)
        var frame = 0
        let frames = bytes / 4
        while frame < frames {
            let n = min(AudioDevice.frames, frames - frame)
            engine.render(into: scratch, frames: n)
            for i in 0..<(2 * n) { out[2 * frame + i] = WAV.pcm16(scratch[i]) }
            frame += n
        }
        framesRendered.add(frames, ordering: .relaxed)
    }
}

/// SDL_mixer's music hook, on the audio thread: a C function, its context in `arg`.
private let audioCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Void = {
    arg, stream, length in
    guard let arg, let stream, length > 0 else { return }
    Unmanaged<LiveAudio>.fromOpaque(arg).takeUnretainedValue().fill(stream, bytes: Int(length))
}
