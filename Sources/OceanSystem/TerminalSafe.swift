/// `text` as a terminal should show it, not obey it: control characters (C0 but
/// newline and tab, DEL, and C1, which terminals read as escape sequences: a window
/// title set, the screen cleared) are written out as `\x1B`, `\u009B`. Every message
/// goes through it, as file names, replay comments and commit stamps are anyone's text.
public func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for c in text.unicodeScalars {
        guard isControl(c) else { out.unicodeScalars.append(c); continue }
        let hex = String(c.value, radix: 16, uppercase: true)
        out += c.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u00" + hex
    }
    return out
}

@inline(__always)
private func isControl(_ c: Unicode.Scalar) -> Bool {
    let v = c.value
    return (v < 0x20 && v != 0x0A && v != 0x09) || (v >= 0x7F && v <= 0x9F)
}
