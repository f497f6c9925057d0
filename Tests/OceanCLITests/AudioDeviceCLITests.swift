import Foundation
import Testing

import TestSupport

/// The live path: `ocean audio play` through SDL_mixer's disk driver
/// (`SDL_AUDIODRIVER=disk`, `SDL_DISKAUDIODELAY=0`: as fast as it can, counted in
/// samples), against `ocean audio render` at the same health.
@Suite(.serialized) struct AudioDeviceCLITests {
    /// 16-bit little-endian samples of a file, from `offset` bytes in.
    func samples(_ path: String, offset: Int = 0) throws -> [Int16] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return stride(from: offset, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }

    /// Power below about 200 Hz and above about 2 kHz (two one-pole filters each,
    /// the same for both renders), in dB, of the mono mix.
    func bands(_ s: ArraySlice<Int16>) -> (low: Double, high: Double) {
        let a = 1 - exp(-2 * Double.pi * 200 / 48_000), b = 1 - exp(-2 * Double.pi * 2_000 / 48_000)
        var l1 = 0.0, l2 = 0.0, h1 = 0.0, h2 = 0.0, low = 0.0, high = 0.0
        var i = s.startIndex
        while i + 1 < s.endIndex {
            let x = (Double(s[i]) + Double(s[i + 1])) / 65_536
            l1 += a * (x - l1); l2 += a * (l1 - l2)
            h1 += b * (x - h1); h2 += b * (h1 - h2)
            low += l2 * l2
            high += (x - h2) * (x - h2)
            i += 2
        }
        return (10 * log10(low), 10 * log10(high))
    }

    func live(health: String) throws -> (live: [Int16], offline: [Int16]) {
        let dir = try temporaryFile("device-\(health)", "")
        let raw = dir + ".raw", wav = dir + ".wav", settings = dir + "-settings.toml"
        try "mute = 0\nmusic_percent = 100\neffects_percent = 100\n".write(toFile: settings, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "\(repoRoot)/.build/release/ocean")
        p.arguments = ["audio", "play", "--health", health, "--seconds", "2", "--settings", settings]
        p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "disk"
        env["SDL_DISKAUDIOFILE"] = raw
        env["SDL_DISKAUDIODELAY"] = "0"
        env["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let r = try ocean(["audio", "render", "--health", health, "--seconds", "2", "--out", wav, "--force"], build: "release")
        #expect(r.status == 0)
        var l = try samples(raw)
        // The device plays silence from its opening until the hook is in.
        l.removeFirst(l.firstIndex { $0 != 0 } ?? 0)
        return (l, try samples(wav, offset: 44))
    }

    @Test("The live path (SDL_mixer, disk driver) has the offline render's band balance at 0.1 and 0.9, within 0.5 dB")
    func liveMatchesOffline() throws {
        for health in ["0.1", "0.9"] {
            let (l, o) = try live(health: health)
            let n = min(l.count, o.count)
            #expect(n >= 48_000 * 2 * 3 / 2, "\(n) samples")  // at least 1.5 s
            let a = bands(l[0..<n]), b = bands(o[0..<n])
            let largest = zip(l[0..<n], o[0..<n]).map { abs(Int($0) - Int($1)) }.max() ?? 0
            print("health \(health): live low \(a.low) high \(a.high) dB; offline low \(b.low) high \(b.high) dB; "
                + "largest sample difference \(largest) LSB over \(n) samples")
            #expect(abs((a.high - a.low) - (b.high - b.low)) < 0.5)
            #expect(abs(a.low - b.low) < 0.5)
        }
    }

    @Test("No audio device is a one-line notice and exit 0")
    func noDevice() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "\(repoRoot)/.build/debug/ocean")
        p.arguments = ["audio", "play", "--health", "0.5", "--seconds", "1"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "no-such-driver"
        env["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(text.split(separator: "\n").count == 1 && text.contains("playing on in silence"))
    }
}
