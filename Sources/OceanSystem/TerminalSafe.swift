/// `text` as a terminal should show it, not obey it: control characters (C0 but
/// newline and tab, DEL, and C1, which terminals read as escape sequences: a window
/// title set, the screen cleared) and the bidirectional controls (U+202A–U+202E,
/// U+2066–U+2069, which turn the rest of a line around) are written out as `\x1B`,
/// `\u009B`, `\u202E`. Every message goes through it, as file names, replay comments,
/// player names and commit stamps are anyone's text.
public func terminalSafe(_ text: String) -> String {
    escaped(text, keepLines: true)
}

/// A peer's text (a server's refusal, another program's answer) as one line of a
/// message: `terminalSafe`, and newlines, carriage returns and tabs escaped too, so
/// it can never forge a line of its own; cut to `limit` characters.
public func oneLine(_ text: String, limit: Int = 500) -> String {
    let line = escaped(text, keepLines: false)
    return line.count <= limit ? line : String(line.prefix(limit)) + "…"
}

private func escaped(_ text: String, keepLines: Bool) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0, keepLines: keepLines) }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for c in text.unicodeScalars {
        guard isControl(c, keepLines: keepLines) else { out.unicodeScalars.append(c); continue }
        switch c {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            let hex = String(c.value, radix: 16, uppercase: true)
            out += c.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex
                : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
    return out
}

@inline(__always)
private func isControl(_ c: Unicode.Scalar, keepLines: Bool) -> Bool {
    let v = c.value
    if v == 0x0A || v == 0x09 { return !keepLines }
    return v < 0x20 || (v >= 0x7F && v <= 0x9F) || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
}

extension StringProtocol {
    /// Without the white space (spaces, tabs, newlines) at either end.
    public var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
