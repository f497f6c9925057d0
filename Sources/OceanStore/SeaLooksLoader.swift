import OceanAssets
import OceanBalance
import OceanTOML

/// Reads `assets/content/seas.toml` (how each sea is shown) and validates it, naming
/// file, line and key of every problem: a name, short word and line of printable ASCII within
/// their lengths, a tint written "#RRGGBB", a tint_percent of 0 to 40, no other key.
public enum SeaLooksLoader {
    public static func load(path: String) throws(DataError) -> SeaLooks {
        try parse(TOMLEntries.readText(path: path), file: path)
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> SeaLooks {
        let document = try TOMLEntries.document(text, file: file)
        let locator = KeyLocator(document: document)
        var issues: [DataIssue] = []
        func issue(_ key: String, _ message: String) {
            issues.append(DataIssue(file: file, line: locator.nearestLine(of: key), key: key, message: message))
        }
        for key in document.keys where key != "sea" { issue(key, "unknown section; the file holds [sea.KEY] sections only") }
        var looks: [SeaLook] = []
        let seas = document["sea"]?.table
        for seaKey in seas?.keys ?? [] {
            let prefix = "sea.\(seaKey)"
            guard let t = seas?[seaKey]?.table else { issue(prefix, "must be a table: [\(prefix)]"); continue }
            for k in t.keys where !["name", "short", "line", "tint", "tint_percent", "ambience_pitch_percent", "calls_percent"].contains(k) {
                issue("\(prefix).\(k)", "unknown key; a sea has name, short, line, tint, tint_percent, ambience_pitch_percent and calls_percent")
            }
            func text(_ k: String, max: Int) -> String {
                guard let v = t[k] else { issue("\(prefix).\(k)", "missing"); return "" }
                guard let s = v.string else { issue("\(prefix).\(k)", "must be a string"); return "" }
                if !s.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { issue("\(prefix).\(k)", "printable ASCII only (the game's font)") }
                if s.utf8.count > max { issue("\(prefix).\(k)", "at most \(max) characters (it has \(s.utf8.count))") }
                return s
            }
            let name = text("name", max: SeaLooks.nameChars), line = text("line", max: SeaLooks.lineChars)
            let short = text("short", max: SeaLooks.shortChars)
            let tintText = text("tint", max: 7)
            var tint = 0
            if tintText.count == 7, tintText.first == "#", let v = Int(tintText.dropFirst(), radix: 16) { tint = v } else if !tintText.isEmpty {
                issue("\(prefix).tint", "'\(tintText)' is not a colour written \"#RRGGBB\"")
            }
            var percent = 0
            if let v = t["tint_percent"] {
                if let n = v.int, (0...SeaLooks.maxTintPercent).contains(n) { percent = n } else {
                    issue("\(prefix).tint_percent", "must be a whole number from 0 to \(SeaLooks.maxTintPercent)")
                }
            } else {
                issue("\(prefix).tint_percent", "missing")
            }
            func whole(_ k: String, _ range: ClosedRange<Int>) -> Int {
                guard let v = t[k] else { issue("\(prefix).\(k)", "missing"); return 100 }
                guard let n = v.int, range.contains(n) else {
                    issue("\(prefix).\(k)", "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                    return 100
                }
                return n
            }
            var look = SeaLook(key: seaKey, name: name, short: short, line: line, tint: tint, tintPercent: percent)
            look.ambiencePitchPercent = whole("ambience_pitch_percent", SeaLooks.pitches)
            look.callsPercent = whole("calls_percent", SeaLooks.calls)
            looks.append(look)
        }
        if !issues.isEmpty { throw DataError(issues: issues) }
        return SeaLooks(looks)
    }

    /// The seas of `balanceSeas` (a balance's keys) that the file does not show.
    public static func missing(_ looks: SeaLooks, balanceSeas: [String]) -> [String] {
        balanceSeas.filter { key in !looks.looks.contains { $0.key == key } }
    }
}
