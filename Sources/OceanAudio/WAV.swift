/// 16-bit PCM WAV (RIFF) bytes: a 44-byte header and little-endian samples.
public enum WAV {
    /// The header of a file holding `frames` frames.
    public static func header(frames: Int, channels: Int = AudioEngine.channels,
                              sampleRate: Int = AudioEngine.sampleRate) -> [UInt8] {
        let dataBytes = frames * channels * 2
        var b: [UInt8] = []
        b.reserveCapacity(44)
        func text(_ s: String) { b.append(contentsOf: s.utf8) }
        func u32(_ v: Int) { for k in 0..<4 { b.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        func u16(_ v: Int) { for k in 0..<2 { b.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        text("RIFF"); u32(36 + dataBytes); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(channels); u32(sampleRate)
        u32(sampleRate * channels * 2); u16(channels * 2); u16(16)
        text("data"); u32(dataBytes)
        return b
    }

    /// A float sample (±1 full scale) as a 16-bit value, rounded and clamped.
    @inline(__always) public static func pcm16(_ x: Float) -> Int16 {
        let v = (x * 32_767).rounded()
        return Int16(max(-32_768, min(32_767, v)))
    }

    /// Appends `samples` as 16-bit little-endian PCM to `bytes` (which keeps its
    /// capacity between calls).
    public static func appendPCM16(_ samples: UnsafeBufferPointer<Float>, to bytes: inout [UInt8]) {
        for x in samples {
            let v = UInt16(bitPattern: pcm16(x))
            bytes.append(UInt8(truncatingIfNeeded: v))
            bytes.append(UInt8(truncatingIfNeeded: v >> 8))
        }
    }

    /// The samples of a 16-bit PCM WAV made by `header` (for tests and tools), as
    /// floats; nil if it is not one.
    public static func samples(_ bytes: [UInt8]) -> [Float]? {
        guard bytes.count >= 44, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[36..<40]) == Array("data".utf8)
        else { return nil }
        let count = (bytes.count - 44) / 2
        var out = [Float](repeating: 0, count: count)
        for i in 0..<count {
            let v = Int16(bitPattern: UInt16(bytes[44 + 2 * i]) | UInt16(bytes[45 + 2 * i]) << 8)
            out[i] = Float(v) / 32_767
        }
        return out
    }
}

/// Streams rendered blocks out as a 16-bit WAV through `write` (a file, say): the
/// header first (the length is known before rendering), then each block.
public final class WAVStream {
    private let write: ([UInt8]) -> Void
    private var bytes: [UInt8] = []
    public private(set) var framesWritten = 0
    /// The largest magnitude written, before conversion (1 = full scale).
    public private(set) var peak: Float = 0
    /// Samples that reached full scale (-32768 or 32767).
    public private(set) var clipped = 0

    public init(frames: Int, write: @escaping ([UInt8]) -> Void) {
        self.write = write
        write(WAV.header(frames: frames))
        bytes.reserveCapacity(OfflineRender.framesPerTick * AudioEngine.channels * 2)
    }

    public func append(_ samples: UnsafeBufferPointer<Float>) {
        bytes.removeAll(keepingCapacity: true)
        WAV.appendPCM16(samples, to: &bytes)
        for x in samples {
            peak = max(peak, abs(x))
            let v = WAV.pcm16(x)
            if v == .max || v == .min { clipped += 1 }
        }
        framesWritten += samples.count / AudioEngine.channels
        write(bytes)
    }
}
