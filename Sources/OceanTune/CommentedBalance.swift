import OceanBalance
import OceanKernel

/// A point's balance written as its base file with only the changed values edited in
/// place: every comment, section and key order of the base kept, each changed line
/// saying what it was ("# tuned: was 250"), so the file reads as a minimal diff of the
/// shipped one and a designer sees, in the file itself, what a sweep moved. A changed
/// line's own comment spoke of the old value ("the fifth ends it"), so it is replaced
/// by what the key means (`meaning`, the schema's words), or dropped.
public enum CommentedBalance {
    /// `text` (a balance file) with `values` ("section.key" or "kind.NAME.key" → value)
    /// edited in, and `note` as comment lines on top; nil if a key is not in the text
    /// (then the caller writes the full, uncommented file). `meaning`: each key's
    /// description, said on its line when it changes (`meanings(of:)`).
    public static func patched(_ text: String, values: [String: Int], note: String,
                               meaning: [String: String] = [:]) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var section = ""
        var found: Set<String> = []
        for i in lines.indices {
            let line = lines[i]
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") {
                if let close = trimmed.firstIndex(of: "]") {
                    section = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close]).filter { $0 != " " }
                }
                continue
            }
            guard let eq = trimmed.firstIndex(of: "="), !trimmed.hasPrefix("#") else { continue }
            let key = section + "." + trimmed[..<eq].filter { $0 != " " && $0 != "\t" }
            guard let value = values[key] else { continue }
            // The value is the first word after "="; its comment stays, after the note.
            let afterEq = trimmed[trimmed.index(after: eq)...]
            let from = afterEq.firstIndex { $0 != " " && $0 != "\t" } ?? afterEq.endIndex
            let to = afterEq[from...].firstIndex { $0 == " " || $0 == "\t" || $0 == "#" } ?? afterEq.endIndex
            let old = String(afterEq[from..<to]), new = "\(value)"
            found.insert(key)
            guard old != new else { continue }
            let head = line[..<from]
            let tail = afterEq[to...]
            var edited = head + new
            let said = meaning[key].map { "# tuned: was \(old); \($0)" } ?? "# tuned: was \(old)"
            if let hash = tail.firstIndex(of: "#") {
                // Keep the comment's column where the spacing allows.
                let pad = max(1, tail.distance(from: tail.startIndex, to: hash) + old.count - new.count)
                edited += String(repeating: " ", count: pad) + said
            } else {
                edited += "  " + said
            }
            lines[i] = String(edited)
        }
        guard found.count == values.count else { return nil }
        let top = note.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }.joined(separator: "\n")
        return top + "\n#\n" + lines.joined(separator: "\n")
    }

    /// Each key of `balance`'s schema with what it means and allows ("rounds in one
    /// game, 1 to 50"): what a changed line says instead of its old comment.
    public static func meanings(of balance: Balance) -> [String: String] {
        var out: [String: String] = [:]
        for field in BalanceSchema.fields(of: balance) {
            out[field.key] = "\(field.unit), \(field.range.lowerBound) to \(field.range.upperBound)"
        }
        return out
    }
}
