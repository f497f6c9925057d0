import Foundation
import Testing
import OceanBalance
import OceanKernel
import OceanStore
import TestSupport

/// Every settings file we write reads back as it was written (issue 49): one TOML
/// string writer (`TOMLText`), held to our own reader on whatever a player can type.
@Suite struct SettingsRoundTripTests {
    /// Characters that break a naive writer: quotes, backslashes, TOML's escapes as
    /// text, every control character, separators, and text beyond ASCII.
    static let alphabet: [Unicode.Scalar] = {
        var a: [Unicode.Scalar] = ["\"", "\\", "'", "u", "0", "4", "@", "#", "=", "[", "]", " ", "a", "Z", "é", "🌊", "\u{2028}", "\u{FEFF}"]
        for v in 0..<0x20 { a.append(Unicode.Scalar(v)!) }
        for v in 0x7F...0x9F { a.append(Unicode.Scalar(v)!) }
        return a
    }()

    @Test func anyStringWrittenReadsBackTheSame() throws {
        var random = GameRandom(seed: 49)
        for _ in 0..<3_000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<random.below(24) { s.append(Self.alphabet[random.below(Self.alphabet.count)]) }
            let value = String(s)
            let text = "v = \(TOMLText.string(value))\nw = \(TOMLText.list([value, "x"]))\n"
            let document = try TOMLEntries.document(text, file: "fuzz.toml")
            #expect(document["v"]?.string == value, "\(value.debugDescription) → \(text.debugDescription)")
            #expect(document["w"]?.array?.first?.string == value, "\(text.debugDescription)")
        }
    }

    @Test func keysWithQuotesAndBackslashesSaveAndLoad() throws {
        let path = freshFolder("keys-roundtrip") + "/keys.toml"
        let bindings = KeyBindings(left: ["\\", "Left"], right: ["\"", "D"])
        try KeyBindingsFile.save(bindings, path: path)
        #expect(try KeyBindingsFile.load(path: path) == bindings)
    }

    @Test func theDailySettingsSaveAndLoad() throws {
        let path = freshFolder("daily-roundtrip") + "/daily.toml"
        let settings = DailySettings(submitTo: "http://127.0.0.1:8080/", name: "Ada.L-1_x")
        try DailySettingsFile.save(settings, path: path)
        #expect(try DailySettingsFile.load(path: path) == settings)
    }
}
