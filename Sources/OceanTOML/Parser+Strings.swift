/// TOML's four strings: basic ("…", with escapes), literal ('…', as written), and
/// a multi-line form of each (three quotes). Line ends in a multi-line string are
/// read as "\n" whether written LF or CRLF.
extension Parser {
    /// `"…"` at the position.
    mutating func basicString() throws(TOMLError) -> String {
        let open = cursor.position
        cursor.advance()
        var out: [UInt8] = []
        while true {
            guard let b = cursor.peek() else { throw unclosed("\"", open) }
            if b == Byte.quote { cursor.advance(); break }
            if b == Byte.backslash { try escape(into: &out); continue }
            if cursor.atLineEnd || b == Byte.lineFeed { throw unclosed("\"", open) }
            try refuseControl(b, in: "a string", hint: "write it as an escape (\\u00XX)")
            out.append(b)
            cursor.advance()
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `'…'` at the position.
    mutating func literalString() throws(TOMLError) -> String {
        let open = cursor.position
        cursor.advance()
        let start = cursor.index
        while true {
            guard let b = cursor.peek() else { throw unclosed("'", open) }
            if b == Byte.apostrophe { break }
            if cursor.atLineEnd || b == Byte.lineFeed { throw unclosed("'", open) }
            try refuseControl(b, in: "a literal string", hint: "a basic string (\"…\") can hold it as an escape")
            cursor.advance()
        }
        let s = String(decoding: cursor.bytes[start..<cursor.index], as: UTF8.self)
        cursor.advance()
        return s
    }

    /// `"""…"""` (with escapes and line-ending backslashes) or `'''…'''` at the
    /// position. A line end right after the opening quotes is not part of it; up to
    /// two quotes may stand just before the closing three.
    mutating func multilineString(literal: Bool) throws(TOMLError) -> String {
        let open = cursor.position
        let delimiter = literal ? Byte.apostrophe : Byte.quote
        let name = literal ? "'''" : "\"\"\""
        cursor.advance(by: 3)
        if cursor.atLineEnd { cursor.skipLineEnd() }
        var out: [UInt8] = []
        while true {
            guard let b = cursor.peek() else { throw unclosed(name, open) }
            if b == delimiter {
                var run = 1
                while cursor.peek(run) == delimiter { run += 1 }
                if run < 3 {
                    for _ in 0..<run { out.append(delimiter) }
                    cursor.advance(by: run)
                    continue
                }
                if run > 5 {
                    cursor.advance(by: 5)
                    throw fail("too many quotes: \(name) closes the string and at most two more may stand before it")
                }
                for _ in 0..<(run - 3) { out.append(delimiter) }
                cursor.advance(by: run)
                return String(decoding: out, as: UTF8.self)
            }
            if !literal && b == Byte.backslash {
                if try lineEndingBackslash() { continue }
                try escape(into: &out)
                continue
            }
            if cursor.atLineEnd {
                out.append(Byte.lineFeed)
                cursor.skipLineEnd()
                continue
            }
            try refuseControl(b, in: literal ? "a literal string" : "a string",
                              hint: literal ? "a basic string (\"\"\"…\"\"\") can hold it as an escape" : "write it as an escape (\\u00XX)")
            out.append(b)
            cursor.advance()
        }
    }

    /// A backslash followed by blanks and a line end, at the position: it and every
    /// blank and line end after it are skipped. False (nothing read) otherwise.
    private mutating func lineEndingBackslash() throws(TOMLError) -> Bool {
        var k = 1
        while cursor.peek(k) == Byte.space || cursor.peek(k) == Byte.tab { k += 1 }
        let lineEnd = cursor.peek(k) == Byte.lineFeed || (cursor.peek(k) == Byte.carriageReturn && cursor.peek(k + 1) == Byte.lineFeed)
        if !lineEnd {
            if k > 1 {
                throw fail("a backslash followed by blanks must end the line (a line-ending backslash); "
                    + "remove the blanks after it, or write \\\\ for a backslash")
            }
            return false
        }
        cursor.advance(by: k)
        while let b = cursor.peek() {
            if b == Byte.space || b == Byte.tab { cursor.advance() } else if cursor.atLineEnd { cursor.skipLineEnd() } else { break }
        }
        return true
    }

    /// An escape (`\n`, `\u00E9`, …) at the position, appended as UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(TOMLError) {
        let at = cursor.position
        cursor.advance()
        guard let e = cursor.peek() else { throw fail("a backslash at the end of the file") }
        let simple: UInt8?
        switch e {
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case Byte.quote: simple = Byte.quote
        case Byte.backslash: simple = Byte.backslash
        default: simple = nil
        }
        if let simple {
            out.append(simple)
            cursor.advance()
            return
        }
        guard e == UInt8(ascii: "u") || e == UInt8(ascii: "U") else {
            let found = cursor.atLineEnd ? "a line end" : cursor.describeNext()
            throw TOMLError("invalid escape: a backslash before \(found); TOML 1.0 allows \\b \\t \\n \\f \\r \\\" \\\\ "
                + "\\uXXXX and \\UXXXXXXXX (write \\\\ for a backslash)", at: at)
        }
        let count = e == UInt8(ascii: "u") ? 4 : 8
        cursor.advance()
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let b = cursor.peek(), let digit = Byte.hexValue(b) else {
                throw TOMLError("\\\(count == 4 ? "u" : "U") needs \(count) hexadecimal digits", at: at)
            }
            value = value << 4 | digit
            cursor.advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            let hex = String(value, radix: 16, uppercase: true)
            throw TOMLError("\\\(count == 4 ? "u" : "U")\(hex) is not a Unicode scalar value "
                + "(a surrogate, D800 to DFFF, or past 10FFFF)", at: at)
        }
        UTF8.encode(scalar) { out.append($0) }
    }

    private func refuseControl(_ b: UInt8, in what: String, hint: String) throws(TOMLError) {
        guard Byte.isControl(b) else { return }
        if b == Byte.carriageReturn { throw fail(Byte.controlName(b) + " in \(what)") }
        throw fail(Byte.controlName(b) + " in \(what); \(hint)")
    }

    private func unclosed(_ delimiter: String, _ open: TOMLPosition) -> TOMLError {
        // A multi-line string left open runs to the end of the file: the place to fix
        // is where it opens.
        if delimiter.count == 3 {
            return TOMLError("a string left open: expected \(delimiter) before the end of the file", at: open)
        }
        if cursor.atEnd {
            return fail("a string left open: expected \(delimiter) before the end of the file (it opens at column \(open.column))")
        }
        return fail("a string left open: expected \(delimiter) before the end of the line (it opens at column \(open.column)); "
            + "a string over several lines needs three quotes")
    }
}
