/// A server's JSON answer, read strictly and within bounds (a peer's text: depth and
/// size are limited before anything grows with them). The client reads only a few
/// fields of it (`error`, `rank`); the whole text is what `ocean daily` prints.
public indirect enum AnswerJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnswerJSON])
    case object([(String, AnswerJSON)])

    public static func == (a: AnswerJSON, b: AnswerJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value of `key` in an object (the first, as JSON leaves duplicates open).
    public subscript(key: String) -> AnswerJSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }

    /// A whole number that fits an `Int`, else nil.
    public var int: Int? {
        guard case .number(let d) = self, d.rounded() == d, abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }

    /// The JSON in `bytes`, or nil when it is not one JSON value (or nests deeper than `maxDepth`).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) -> AnswerJSON? {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.at == bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        let maxDepth: Int
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        mutating func take(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard at + w.count <= bytes.count, Array(bytes[at..<at + w.count]) == w else { return false }
            at += w.count
            return true
        }

        mutating func value(depth: Int) -> AnswerJSON? {
            guard depth <= maxDepth else { return nil }
            skipSpace()
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "n"): return take("null") ? .null : nil
            case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
            case UInt8(ascii: "\""): return string().map(AnswerJSON.string)
            case UInt8(ascii: "["):
                at += 1
                var items: [AnswerJSON] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    guard at < bytes.count else { return nil }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                    return nil
                }
            case UInt8(ascii: "{"):
                at += 1
                var fields: [(String, AnswerJSON)] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return nil }
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                    at += 1
                    guard let item = value(depth: depth + 1) else { return nil }
                    fields.append((key, item))
                    skipSpace()
                    guard at < bytes.count else { return nil }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
                    return nil
                }
            default: return number()
            }
        }

        mutating func number() -> AnswerJSON? {
            let start = at
            while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            guard at > start, let d = Double(String(decoding: bytes[start..<at], as: UTF8.self)), d.isFinite else { return nil }
            return .number(d)
        }

        mutating func string() -> String? {
            at += 1  // the opening quote
            var plainStart = at
            var out = ""
            func flush(_ end: Int) { out += String(decoding: bytes[plainStart..<end], as: UTF8.self) }
            while at < bytes.count {
                let c = bytes[at]
                if c == UInt8(ascii: "\"") {
                    flush(at)
                    at += 1
                    return out
                }
                if c < 0x20 { return nil }
                if c == UInt8(ascii: "\\") {
                    flush(at)
                    at += 1
                    guard at < bytes.count else { return nil }
                    let e = bytes[at]
                    at += 1
                    switch e {
                    case UInt8(ascii: "\""): out += "\""
                    case UInt8(ascii: "\\"): out += "\\"
                    case UInt8(ascii: "/"): out += "/"
                    case UInt8(ascii: "b"): out += "\u{08}"
                    case UInt8(ascii: "f"): out += "\u{0C}"
                    case UInt8(ascii: "n"): out += "\n"
                    case UInt8(ascii: "r"): out += "\r"
                    case UInt8(ascii: "t"): out += "\t"
                    case UInt8(ascii: "u"):
                        guard var code = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(code) {
                            // A surrogate pair: the low half must follow.
                            guard take("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { return nil }
                        out.unicodeScalars.append(scalar)
                    default: return nil
                    }
                    plainStart = at
                    continue
                }
                at += 1
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else {
                return nil
            }
            at += 4
            return v
        }
    }
}
