import OceanTOML

/// toml-test's JSON form of a TOML value.
enum TaggedJSON {
    static func write(table: TOMLTable, into out: inout String) {
        out += "{"
        for (n, entry) in table.entries.enumerated() {
            if n > 0 { out += "," }
            string(entry.key, into: &out)
            out += ":"
            write(entry.value, into: &out)
        }
        out += "}"
    }

    static func write(_ value: TOMLValue, into out: inout String) {
        switch value.kind {
        case .table(let t): write(table: t, into: &out)
        case .array(let items):
            out += "["
            for (n, item) in items.enumerated() {
                if n > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .string(let s): tagged("string", s, into: &out)
        case .integer(let n): tagged("integer", String(n), into: &out)
        case .boolean(let b): tagged("bool", b ? "true" : "false", into: &out)
        case .float(let d):
            let text = d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : "\(d)"
            tagged("float", text, into: &out)
        case .dateTime(let d):
            let type = switch d.kind {
            case .offsetDateTime: "datetime"
            case .localDateTime: "datetime-local"
            case .localDate: "date-local"
            case .localTime: "time-local"
            }
            tagged(type, d.description, into: &out)
        }
    }

    private static func tagged(_ type: String, _ value: String, into out: inout String) {
        out += "{\"type\":\"\(type)\",\"value\":"
        string(value, into: &out)
        out += "}"
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    private static func string(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
