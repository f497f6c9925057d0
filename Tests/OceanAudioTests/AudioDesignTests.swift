import Foundation
import OceanAudio
import OceanBalance
import OceanStore
import Testing
import TestSupport

/// `assets/audio.toml` is validated like the balance: every problem with its file,
/// line and key.
struct AudioDesignTests {
    let text: String = readTextFileOrRecord(repoRoot + "/assets/audio.toml")

    func issues(_ text: String) -> [DataIssue] {
        do {
            _ = try AudioLoader.parse(text, file: "audio.toml")
            return []
        } catch {
            return error.issues
        }
    }

    @Test("The shipped design loads, with at least four layers each heard somewhere")
    func shippedLoads() throws {
        #expect(AudioDesign.Layer.allCases.count >= 4)
        for layer in try shippedDesign.layers { #expect(layer.gain.contains { $0 > 0 }) }
    }

    @Test("A wrong value, a missing key, an unknown key and a curve going back each name file, line and key")
    func brokenFilesAreReported() {
        let wrongType = issues(text.replacingFirst("gain_2 = 800", with: "gain_2 = 0.8"))
        #expect(wrongType.count == 1)
        #expect(wrongType.first?.key == "rumble.gain_2" && wrongType.first?.line != nil)
        #expect(wrongType.first?.description.contains("audio.toml:") == true)

        let outOfRange = issues(text.replacingFirst("seek_per_s = 4000", with: "seek_per_s = 0"))
        #expect(outOfRange.map(\.key) == ["health.seek_per_s"])

        let unknown = issues(text.replacingFirst("hz = 82", with: "hz = 82\nhertz = 82"))
        #expect(unknown.first?.message.contains("did you mean") == true)

        // The rumble's band upside down, and its tones under the mix's high-pass.
        let band = issues(text.replacingFirst("high_hz = 150", with: "high_hz = 50"))
        #expect(band.map(\.key) == ["rumble.high_hz"])
        let subsonic = issues(text.replacingFirst("hz = 82", with: "hz = 21"))
        #expect(subsonic.map(\.key) == ["rumble.hz"])

        let missing = issues(text.replacingFirst("per_minute = 40", with: ""))
        #expect(missing.map(\.key) == ["chimes.per_minute"])

        let backwards = issues(text.replacingFirst("health_3 = 5000", with: "health_3 = 2000"))
        #expect(backwards.map(\.key) == ["rumble.health_3"])
        #expect(backwards.first?.line != nil)
    }

    @Test("Equal-power crossfades: where one layer fades out as another fades in over the same span, g₁² + g₂² holds")
    func equalPower() throws {
        var a = AudioDesign.LayerDesign(), b = AudioDesign.LayerDesign()
        a.health = [0, 4_000, 6_000, 10_000]; a.gain = [800, 800, 0, 0]
        b.health = [0, 4_000, 6_000, 10_000]; b.gain = [0, 0, 800, 800]
        var design = try shippedDesign
        design.layers[0] = a
        design.layers[1] = b
        let engine = AudioEngine(design: design)
        for h in stride(from: 4_000, through: 6_000, by: 100) {
            let g1 = engine.targetGain(.rumble, health: h), g2 = engine.targetGain(.surf, health: h)
            #expect(abs(g1 * g1 + g2 * g2 - 0.64) < 0.002, "at \(h): \(g1), \(g2)")
        }
    }

    @Test("The settings file: defaults when missing, a round trip, a bad value named")
    func settings() throws {
        let folder = freshFolder("audio-settings")
        let path = folder + "/audio-settings.toml"
        #expect(try AudioSettingsFile.load(path: path) == AudioSettings())
        var s = AudioSettings()
        s.mute = 1; s.musicPercent = 35; s.effectsPercent = 90
        #expect((try? AudioSettingsFile.save(s, path: path)) != nil)
        #expect(try AudioSettingsFile.load(path: path) == s)
        let broken = folder + "/broken.toml"
        #expect((try? AudioSettingsFile.save(s, path: broken)) != nil)
        let text = readTextFileOrRecord(broken).replacingFirst("music_percent = 35", with: "music_percent = 350")
        try? AudioSettingsFile.save(AudioSettings(), path: broken)
        #expect(throws: DataError.self) { try AudioSettings.schema.validate(
            TOMLEntries.parse(text, file: broken).entries, into: AudioSettings(), file: broken) }
    }

    @Test("Muted is silent (after the volumes' 20 ms glide), and mute never clicks")
    func mute() throws {
        let engine = try AudioEngine(design: shippedDesign, health: 5_000)
        _ = OfflineRender.steady(engine, seconds: 0.5)
        engine.muted = true
        let fading = OfflineRender.steady(engine, seconds: 0.5)
        #expect(largestJump(fading) <= AmbienceTests.jumpBound)
        #expect(fading.suffix(24_000).allSatisfy { abs($0) < 1e-4 })  // the last 0.25 s
    }
}

/// A fixture edited away fails the test that uses it, and the run goes on.
@Test func aBrokenFixtureIsItsTestsIssueNotTheRunsEnd() {
    withKnownIssue { #expect("gain_2 = 800".replacingFirst("gain_9", with: "x") == "gain_2 = 800") }
    withKnownIssue { #expect(readTextFileOrRecord("/nonexistent/audio.toml").isEmpty) }
}

/// The file's text; a file that cannot be read is an issue of the test that reads
/// it (and empty text), never a stop of the whole run.
func readTextFileOrRecord(_ path: String) -> String {
    guard let text = readAll(path) else {
        Issue.record("cannot read \(path)")
        return ""
    }
    return text
}

extension String {
    /// The text with the first `old` replaced; an `old` that is not there (a fixture
    /// edited away) is an issue of the test that asked, and the text comes back as it was.
    func replacingFirst(_ old: String, with new: String) -> String {
        guard let r = range(of: old) else {
            Issue.record("'\(old)' is not in the text")
            return self
        }
        return replacingCharacters(in: r, with: new)
    }
}
