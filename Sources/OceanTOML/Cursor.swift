/// The bytes of a text and a read position in them that keeps its line and column
/// as it moves, so any token's position is known without counting again (counting
/// from a line's start for each value would be quadratic on a long line).
struct Cursor {
    let bytes: [UInt8]
    private(set) var index: Int
    private(set) var line = 1
    private(set) var column = 1

    init(_ bytes: [UInt8], from start: Int = 0) {
        self.bytes = bytes
        self.index = start
    }

    var atEnd: Bool { index >= bytes.count }

    /// The byte `offset` ahead, or nil past the end.
    func peek(_ offset: Int = 0) -> UInt8? {
        let i = index + offset
        return i < bytes.count ? bytes[i] : nil
    }

    var position: TOMLPosition { TOMLPosition(line: line, column: column) }

    /// One byte on. A line feed starts a new line; a UTF-8 continuation byte is part
    /// of the character before it, so only a character's first byte moves the column.
    mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == Byte.lineFeed {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func advance(by n: Int) {
        for _ in 0..<n { advance() }
    }

    /// Whether the bytes at the position are `text` (ASCII).
    func looking(at text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { expected in
            for k in 0..<count where bytes[index + k] != expected[k] { return false }
            return true
        }
    }

    /// A line end at the position: a line feed, or a carriage return and a line feed.
    var atLineEnd: Bool {
        peek() == Byte.lineFeed || (peek() == Byte.carriageReturn && peek(1) == Byte.lineFeed)
    }

    /// Past the line end at the position (call only when `atLineEnd`).
    mutating func skipLineEnd() {
        if peek() == Byte.carriageReturn { advance() }
        advance()
    }

    /// Spaces and tabs.
    mutating func skipBlanks() {
        while let b = peek(), b == Byte.space || b == Byte.tab { advance() }
    }

    /// The character at the position in words, for "expected …, found X": "'='",
    /// "the end of the line", "the end of the file", "'é' (U+00E9)".
    func describeNext() -> String {
        guard let b = peek() else { return "the end of the file" }
        if atLineEnd { return "the end of the line" }
        if Byte.isControl(b) { return Byte.controlName(b) }
        if b < 0x80 { return "'" + String(UnicodeScalar(b)) + "'" }
        // A character of several bytes (the text is valid UTF-8: checked first).
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let s = String(decoding: bytes[index..<end], as: UTF8.self)
        let hex = String(s.unicodeScalars.first!.value, radix: 16, uppercase: true)
        return "'\(s)' (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
    }
}

/// The ASCII bytes the reader looks for, by name.
enum Byte {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let hash = UInt8(ascii: "#")
    static let equals = UInt8(ascii: "=")
    static let dot = UInt8(ascii: ".")
    static let comma = UInt8(ascii: ",")
    static let backslash = UInt8(ascii: "\\")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// A control character TOML allows nowhere outside what it names: U+0000 to
    /// U+001F but tab, and U+007F. (Line feeds and carriage returns count: each
    /// place that allows a line end takes it before asking.)
    static func isControl(_ b: UInt8) -> Bool {
        (b < 0x20 && b != tab) || b == 0x7F
    }

    /// "a control character (U+0018)"; a lone carriage return by its name.
    static func controlName(_ b: UInt8) -> String {
        if b == carriageReturn { return "a carriage return (U+000D) without a line feed after it" }
        if b == lineFeed { return "the end of the line" }
        let hex = String(b, radix: 16, uppercase: true)
        return "a control character (U+\(hex.count < 2 ? "000" : "00")\(hex))"
    }

    /// A character a bare key may hold: A-Z a-z 0-9 _ -.
    static func isBareKey(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The value of a hexadecimal digit, or nil.
    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: UInt32(b - 0x30)
        case 0x41...0x46: UInt32(b - 0x41 + 10)
        case 0x61...0x66: UInt32(b - 0x61 + 10)
        default: nil
        }
    }
}
