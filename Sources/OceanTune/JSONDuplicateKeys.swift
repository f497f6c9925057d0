/// The first key given twice in one object of a JSON text, or nil. JSON decoders keep
/// one of two equal keys without a word (`{"a": 1, "a": 2}`), so a point whose value
/// was typed twice would be played with either; the asker is told instead.
///
/// Meant for text a decoder already accepted: it only walks the structure (strings
/// with their escapes, objects, arrays; anything else is skipped as a scalar) and
/// compares keys after unescaping, so `"a"` and `"\u0061"` are the same key.
public enum JSONDuplicateKeys {
    public static func first(in text: Substring) -> String? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.value()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        /// Walks one value; returns a duplicated key found in it.
        mutating func value() -> String? {
            skipSpace()
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["):
                at += 1
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] != UInt8(ascii: "]") else { at += 1; return nil }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if let d = value() { return d }
                }
            case UInt8(ascii: "\""): _ = string(); return nil
            default:
                // A number, true, false or null; a stray bracket (text no decoder took) is
                // stepped over, so every turn of a loop moves on and the walk ends.
                let start = at
                while at < bytes.count, !",]} \t\r\n".utf8.contains(bytes[at]) { at += 1 }
                if at == start { at += 1 }
                return nil
            }
        }

        mutating func object() -> String? {
            at += 1
            var keys = Set<String>()
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] != UInt8(ascii: "}") else { at += 1; return nil }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                guard bytes[at] == UInt8(ascii: "\"") else { return nil }
                let key = string()
                guard keys.insert(key).inserted else { return key }
                skipSpace()
                if at < bytes.count && bytes[at] == UInt8(ascii: ":") { at += 1 }
                if let d = value() { return d }
            }
        }

        /// A string's text, its escapes undone (`at` on its opening quote).
        mutating func string() -> String {
            at += 1
            var units: [UInt16] = []
            var raw: [UInt8] = []
            func flush() {
                units += String(decoding: raw, as: UTF8.self).utf16
                raw.removeAll()
            }
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                guard bytes[at] == UInt8(ascii: "\\"), at + 1 < bytes.count else { raw.append(bytes[at]); at += 1; continue }
                flush()
                let e = bytes[at + 1]
                at += 2
                switch e {
                case UInt8(ascii: "b"): units.append(8)
                case UInt8(ascii: "f"): units.append(12)
                case UInt8(ascii: "n"): units.append(10)
                case UInt8(ascii: "r"): units.append(13)
                case UInt8(ascii: "t"): units.append(9)
                case UInt8(ascii: "u"):
                    let hex = at + 4 <= bytes.count ? String(decoding: bytes[at..<(at + 4)], as: UTF8.self) : ""
                    units.append(UInt16(hex, radix: 16) ?? 0xFFFD)
                    at = min(at + 4, bytes.count)
                default: units.append(UInt16(e))  // \" \\ \/
                }
            }
            flush()
            at += 1
            return String(decoding: units, as: UTF16.self)
        }
    }
}
