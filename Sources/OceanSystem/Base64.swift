/// Standard base64 (RFC 4648, with padding). Hand-written, a few lines, because the
/// replay format and its fuzz target are built without Foundation.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = UInt32(bytes[i]) << 16
            if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { v |= UInt32(bytes[i + 2]) }
            for j in 0..<4 {
                out.append(j <= n ? alphabet[Int((v >> (18 - 6 * UInt32(j))) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Nil unless `text` is canonical padded base64.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            var v: UInt32 = 0
            var pad = 0
            for j in 0..<4 {
                let c = chars[i + j]
                let d: UInt32
                switch c {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): d = UInt32(c - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): d = UInt32(c - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): d = 62
                case UInt8(ascii: "/"): d = 63
                case UInt8(ascii: "=") where j >= 2 && i + 4 == chars.count: pad += 1; d = 0
                default: return nil
                }
                if pad > 0 && c != UInt8(ascii: "=") { return nil }
                v = v << 6 | d
            }
            out.append(UInt8(v >> 16))
            if pad < 2 { out.append(UInt8((v >> 8) & 0xff)) }
            if pad < 1 { out.append(UInt8(v & 0xff)) }
            i += 4
        }
        guard encode(out) == String(decoding: chars, as: UTF8.self) else { return nil }
        return out
    }
}
