/// How the files we write spell a TOML string (settings, keys, names in messages):
/// one writer, so whatever a player types reads back the same. A basic string, with
/// `\"`, `\\`, `\n`, `\t`, `\r` and `\uXXXX` for every other control character (C0,
/// DEL, C1), as TOML 1.0 requires; everything else as it is.
public enum TOMLText {
    public static func string(_ value: some StringProtocol) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A list of strings: `["Left", "A"]`.
    public static func list(_ values: [String]) -> String {
        "[" + values.map { string($0) }.joined(separator: ", ") + "]"
    }
}
