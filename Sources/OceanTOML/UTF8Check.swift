/// TOML is UTF-8. The reader's other parts take each byte of 0x80 and above as part
/// of a character, so the whole text is checked once before them: an invalid
/// sequence is refused at its position instead of being read as something else.
enum UTF8Check {
    /// The index of the first byte that does not begin a well-formed UTF-8 character
    /// (a stray continuation byte, a truncated sequence, an overlong form, a
    /// surrogate, a value past U+10FFFF), and why; nil when the text is UTF-8.
    static func firstProblem(in bytes: [UInt8]) -> (index: Int, message: String)? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            let lowest: UInt32
            switch b {
            case 0xC2...0xDF: (length, lowest) = (2, 0x80)
            case 0xE0...0xEF: (length, lowest) = (3, 0x800)
            case 0xF0...0xF4: (length, lowest) = (4, 0x10000)
            default:
                return (i, "not UTF-8: the byte 0x\(hex(b)) cannot begin a character")
            }
            guard i + length <= n else { return (i, "not UTF-8: a character cut off by the end of the file") }
            var scalar = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else {
                    return (i, "not UTF-8: the character beginning with byte 0x\(hex(b)) is cut off")
                }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < lowest { return (i, "not UTF-8: an overlong encoding") }
            if (0xD800...0xDFFF).contains(scalar) { return (i, "not UTF-8: a UTF-16 surrogate (U+\(String(scalar, radix: 16, uppercase: true)))") }
            if scalar > 0x10FFFF { return (i, "not UTF-8: a value past U+10FFFF") }
            i += length
        }
        return nil
    }

    private static func hex(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.count < 2 ? "0" + s : s
    }
}
