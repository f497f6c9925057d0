/// Why a bare value's text is not a TOML value, and at which byte of it.
struct ScalarProblem: Error {
    let message: String
    let offset: Int
}

/// The values TOML writes bare — booleans, integers, floats, dates and times — read
/// from their text (ASCII, as the parser gathered it). Each rule of TOML 1.0 is
/// checked here: underscores only between digits, no leading zeros, 64-bit
/// integers, digits on both sides of a decimal point, real calendar dates.
enum ScalarText {
    static func read(_ t: [UInt8]) throws(ScalarProblem) -> TOMLValue.Kind {
        let text = String(decoding: t, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan": return .float(.nan)
        case "-nan": return .float(-.nan)
        default: break
        }
        if looksLikeTime(t) || looksLikeDate(t) { return .dateTime(try dateTime(t)) }
        guard let first = t.first, Byte.isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
                || first == UInt8(ascii: "_") || first == Byte.dot else {
            throw ScalarProblem(message: "'\(text)' is not a value: a string needs quotes (\"\(text)\"); true, false, "
                + "numbers, dates and times are written bare", offset: 0)
        }
        return try number(t, text)
    }

    // MARK: - Numbers

    private static func number(_ t: [UInt8], _ text: String) throws(ScalarProblem) -> TOMLValue.Kind {
        var i = 0
        let negative = t[0] == UInt8(ascii: "-")
        if t[0] == UInt8(ascii: "+") || negative { i = 1 }
        guard i < t.count else { throw ScalarProblem(message: "a sign with no number after it", offset: 0) }
        if t[i] == UInt8(ascii: "0"), i + 1 < t.count, let base = radix(t[i + 1]) {
            if i > 0 {
                throw ScalarProblem(message: "a hexadecimal, octal or binary number cannot have a sign ('\(text)')", offset: 0)
            }
            return .integer(try radixInteger(t, from: 2, base: base))
        }
        if t.contains(where: { $0 == Byte.dot || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return .float(try float(t, from: i, negative: negative, text))
        }
        let (end, digits) = try digitRun(t, from: i, base: 10)
        guard !digits.isEmpty else { throw unexpected(t, i, text) }
        guard end == t.count else { throw unexpected(t, end, text) }
        if digits.count > 1 && digits[0] == 0 {
            throw ScalarProblem(message: "a leading zero is not allowed in a decimal number ('\(text)')", offset: i)
        }
        // Gathered as a negative number: its range reaches one further (-2^63).
        var value: Int64 = 0
        for d in digits {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (minus, o2) = times.subtractingReportingOverflow(Int64(d))
            if o1 || o2 { throw tooLarge(text) }
            value = minus
        }
        if !negative {
            if value == .min { throw tooLarge(text) }
            value = -value
        }
        return .integer(value)
    }

    private static func radix(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    private static func radixInteger(_ t: [UInt8], from start: Int, base: Int) throws(ScalarProblem) -> Int64 {
        let text = String(decoding: t, as: UTF8.self)
        let (end, digits) = try digitRun(t, from: start, base: base)
        let name = base == 16 ? "a hexadecimal" : base == 8 ? "an octal" : "a binary"
        guard end == t.count else {
            if digits.isEmpty && end == start && start < t.count && t[start] != UInt8(ascii: "_") {
                throw ScalarProblem(message: "'\(String(UnicodeScalar(t[start])))' is not \(name) digit ('\(text)')", offset: start)
            }
            if end < t.count && t[end] != UInt8(ascii: "_") {
                throw ScalarProblem(message: "'\(String(UnicodeScalar(t[end])))' is not \(name) digit ('\(text)')", offset: end)
            }
            throw unexpected(t, end, text)
        }
        guard !digits.isEmpty else { throw ScalarProblem(message: "'\(text)' has no digits after its prefix", offset: 0) }
        var value: UInt64 = 0
        for d in digits {
            let (times, o1) = value.multipliedReportingOverflow(by: UInt64(base))
            let (plus, o2) = times.addingReportingOverflow(UInt64(d))
            if o1 || o2 { throw tooLarge(text) }
            value = plus
        }
        guard value <= UInt64(Int64.max) else { throw tooLarge(text) }
        return Int64(value)
    }

    private static func float(_ t: [UInt8], from start: Int, negative: Bool, _ text: String) throws(ScalarProblem) -> Double {
        var clean = negative ? "-" : ""
        let (intEnd, whole) = try digitRun(t, from: start, base: 10)
        guard !whole.isEmpty else {
            if start < t.count && t[start] == Byte.dot {
                throw ScalarProblem(message: "a decimal point needs a digit before it ('0\(text)')", offset: start)
            }
            throw unexpected(t, start, text)
        }
        if whole.count > 1 && whole[0] == 0 {
            throw ScalarProblem(message: "a leading zero is not allowed in a decimal number ('\(text)')", offset: start)
        }
        clean += digitsText(whole)
        var i = intEnd
        if i < t.count && t[i] == Byte.dot {
            let (end, fraction) = try digitRun(t, from: i + 1, base: 10)
            guard !fraction.isEmpty else {
                throw ScalarProblem(message: "a decimal point needs a digit after it ('\(text)')", offset: i)
            }
            clean += "." + digitsText(fraction)
            i = end
        }
        if i < t.count && (t[i] == UInt8(ascii: "e") || t[i] == UInt8(ascii: "E")) {
            clean += "e"
            i += 1
            if i < t.count && (t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-")) {
                if t[i] == UInt8(ascii: "-") { clean += "-" }
                i += 1
            }
            let (end, exponent) = try digitRun(t, from: i, base: 10)
            guard !exponent.isEmpty else { throw ScalarProblem(message: "an exponent needs digits ('\(text)')", offset: i) }
            clean += digitsText(exponent)
            i = end
        }
        guard i == t.count else { throw unexpected(t, i, text) }
        // The standard library's conversion is correctly rounded; the text is valid.
        guard let value = Double(clean) else { throw ScalarProblem(message: "'\(text)' is not a number", offset: 0) }
        return value
    }

    /// Digits of `base` from `start`, with underscores only between two digits:
    /// where they stop and their values.
    private static func digitRun(_ t: [UInt8], from start: Int, base: Int) throws(ScalarProblem) -> (end: Int, digits: [UInt8]) {
        var j = start
        var digits: [UInt8] = []
        var afterUnderscore = false
        while j < t.count {
            let c = t[j]
            if c == UInt8(ascii: "_") {
                if digits.isEmpty || afterUnderscore {
                    throw ScalarProblem(message: "an underscore in a number must stand between two digits", offset: j)
                }
                afterUnderscore = true
                j += 1
                continue
            }
            guard let v = Byte.hexValue(c), Int(v) < base else { break }
            digits.append(UInt8(v))
            afterUnderscore = false
            j += 1
        }
        if afterUnderscore {
            throw ScalarProblem(message: "an underscore in a number must stand between two digits", offset: j - 1)
        }
        return (j, digits)
    }

    private static func digitsText(_ digits: [UInt8]) -> String {
        String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)
    }

    private static func unexpected(_ t: [UInt8], _ at: Int, _ text: String) -> ScalarProblem {
        guard at < t.count else { return ScalarProblem(message: "'\(text)' is not a number", offset: 0) }
        return ScalarProblem(message: "'\(text)' is not a number: unexpected '\(String(UnicodeScalar(t[at])))'", offset: at)
    }

    private static func tooLarge(_ text: String) -> ScalarProblem {
        ScalarProblem(message: "'\(text)' does not fit a 64-bit integer (-9223372036854775808 to 9223372036854775807)", offset: 0)
    }

    // MARK: - Dates and times

    /// `YYYY-MM-DD` exactly (the start of a date-time that may go on after a space).
    static func isDate(_ t: ArraySlice<UInt8>) -> Bool {
        let a = Array(t)
        return a.count == 10 && a[0..<4].allSatisfy(Byte.isDigit) && a[4] == UInt8(ascii: "-") && Byte.isDigit(a[5]) && Byte.isDigit(a[6]) && a[7] == UInt8(ascii: "-")
            && Byte.isDigit(a[8]) && Byte.isDigit(a[9])
    }

    /// Digits and then a dash: meant as a date (`2024-05-01`, `10000-01-01`), so a
    /// problem in it is named as one.
    private static func looksLikeDate(_ t: [UInt8]) -> Bool {
        guard let dash = t.firstIndex(of: UInt8(ascii: "-")), dash > 0 else { return false }
        return t[0..<dash].allSatisfy(Byte.isDigit)
    }

    /// One or two digits and a colon: meant as a time.
    private static func looksLikeTime(_ t: [UInt8]) -> Bool {
        t.count >= 2 && Byte.isDigit(t[0]) && (t[1] == UInt8(ascii: ":") || (t.count >= 3 && Byte.isDigit(t[1]) && t[2] == UInt8(ascii: ":")))
    }

    private static func dateTime(_ t: [UInt8]) throws(ScalarProblem) -> TOMLDateTime {
        var r = DateTimeText(t: t)
        if looksLikeTime(t) {
            let time = try r.time()
            try r.end("the time")
            return TOMLDateTime(date: nil, time: time, offsetMinutes: nil)
        }
        let date = try r.date()
        if r.atEnd { return TOMLDateTime(date: date, time: nil, offsetMinutes: nil) }
        guard let sep = r.peek, sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == Byte.space else {
            throw r.problem("expected 'T' between the date and the time (YYYY-MM-DDTHH:MM:SS), or the end of the date")
        }
        r.i += 1
        let time = try r.time()
        if r.atEnd { return TOMLDateTime(date: date, time: time, offsetMinutes: nil) }
        let offset = try r.offset()
        try r.end("the offset")
        return TOMLDateTime(date: date, time: time, offsetMinutes: offset)
    }
}

/// Reads RFC 3339's fields from a date or time's text, left to right.
private struct DateTimeText {
    let t: [UInt8]
    var i = 0

    var atEnd: Bool { i >= t.count }
    var peek: UInt8? { i < t.count ? t[i] : nil }

    func problem(_ message: String) -> ScalarProblem {
        ScalarProblem(message: "'\(String(decoding: t, as: UTF8.self))' is not a date or time: " + message, offset: min(i, t.count))
    }

    /// Exactly `count` digits, as a number.
    mutating func digits(_ count: Int, _ what: String) throws(ScalarProblem) -> Int {
        var n = 0
        for _ in 0..<count {
            guard let b = peek, Byte.isDigit(b) else { throw problem("expected \(count) digits for the \(what)") }
            n = n * 10 + Int(b - 0x30)
            i += 1
        }
        return n
    }

    mutating func expect(_ c: Character, _ why: String) throws(ScalarProblem) {
        guard let b = peek, b == c.asciiValue! else { throw problem(why) }
        i += 1
    }

    mutating func end(_ after: String) throws(ScalarProblem) {
        if !atEnd { throw problem("unexpected '\(String(UnicodeScalar(t[i])))' after \(after)") }
    }

    mutating func date() throws(ScalarProblem) -> TOMLDateTime.LocalDate {
        let year = try digits(4, "year (YYYY-MM-DD)")
        if let b = peek, Byte.isDigit(b) { throw problem("a year is written with exactly 4 digits (YYYY-MM-DD)") }
        try expect("-", "expected '-' after the year (YYYY-MM-DD)")
        let monthAt = i
        let month = try digits(2, "month (YYYY-MM-DD)")
        try expect("-", "expected '-' after the month (YYYY-MM-DD)")
        let dayAt = i
        let day = try digits(2, "day (YYYY-MM-DD)")
        guard (1...12).contains(month) else { i = monthAt; throw problem("the month must be 01 to 12") }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { i = dayAt; throw problem("the day must be 01 to \(days) in that month") }
        return TOMLDateTime.LocalDate(year: year, month: month, day: day)
    }

    mutating func time() throws(ScalarProblem) -> TOMLDateTime.LocalTime {
        let start = i
        let hour = try digits(2, "hour (HH:MM:SS)")
        try expect(":", "expected ':' after the hour (HH:MM:SS)")
        let minute = try digits(2, "minute (HH:MM:SS)")
        try expect(":", "expected ':' and the seconds after the minutes: TOML 1.0 writes a time as HH:MM:SS")
        let second = try digits(2, "second (HH:MM:SS)")
        var fraction = ""
        if peek == Byte.dot {
            i += 1
            let from = i
            while let b = peek, Byte.isDigit(b) { i += 1 }
            guard i > from else { throw problem("a decimal point in the seconds needs digits after it") }
            fraction = String(decoding: t[from..<i], as: UTF8.self)
        }
        let end = i
        i = start
        guard hour <= 23 else { throw problem("the hour must be 00 to 23") }
        i = start + 3
        guard minute <= 59 else { throw problem("the minute must be 00 to 59") }
        i = start + 6
        guard second <= 60 else { throw problem("the second must be 00 to 60 (60: a leap second)") }
        i = end
        return TOMLDateTime.LocalTime(hour: hour, minute: minute, second: second, fraction: fraction)
    }

    mutating func offset() throws(ScalarProblem) -> Int {
        guard let b = peek else { return 0 }
        if b == UInt8(ascii: "Z") || b == UInt8(ascii: "z") {
            i += 1
            return 0
        }
        guard b == UInt8(ascii: "+") || b == UInt8(ascii: "-") else {
            throw problem("expected an offset after the time (Z, or +HH:MM / -HH:MM), or the end")
        }
        i += 1
        let hoursAt = i
        let hours = try digits(2, "offset's hours (+HH:MM)")
        try expect(":", "expected ':' in the offset (+HH:MM)")
        let minutes = try digits(2, "offset's minutes (+HH:MM)")
        let end = i
        i = hoursAt
        guard hours <= 23 else { throw problem("the offset's hours must be 00 to 23") }
        i = hoursAt + 3
        guard minutes <= 59 else { throw problem("the offset's minutes must be 00 to 59") }
        i = end
        return (hours * 60 + minutes) * (b == UInt8(ascii: "-") ? -1 : 1)
    }
}
