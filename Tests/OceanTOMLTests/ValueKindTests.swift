import OceanTOML
import Testing

/// Every kind of value TOML 1.0 has, read to what it means.
@Suite struct ValueKindTests {
    @Test func theFourStrings() throws {
        let t = try TOMLReader.parse(#"""
        basic = "tab\there \"quoted\" \\ \u00E9 \U0001F600 \b\f\r\n"
        literal = 'C:\Users\no escapes'
        multi = """
        one
          two ""quoted"" ""\"
        x"""
        folded = """\
            The quick \
            brown fox.\
            """
        raw = '''
        first line
        it's 'raw' \n'''
        ends = """a""""
        ends2 = '''b'''''
        empty = ""
        """#)
        #expect(t["basic"]?.string == "tab\there \"quoted\" \\ é 😀 \u{8}\u{C}\r\n")
        #expect(t["literal"]?.string == #"C:\Users\no escapes"#)
        #expect(t["multi"]?.string == "one\n  two \"\"quoted\"\" \"\"\"\nx")
        #expect(t["folded"]?.string == "The quick brown fox.")
        #expect(t["raw"]?.string == "first line\nit's 'raw' \\n")
        #expect(t["ends"]?.string == "a\"")
        #expect(t["ends2"]?.string == "b''")
        #expect(t["empty"]?.string == "")
    }

    @Test func multiLineStringsReadCRLFAsLineFeeds() throws {
        let t = try TOMLReader.parse("a = \"\"\"\r\none\r\ntwo\"\"\"\r\nb = '''\r\nx\r\n'''\r\n")
        #expect(t["a"]?.string == "one\ntwo")
        #expect(t["b"]?.string == "x\n")
    }

    @Test func integers() throws {
        let t = try TOMLReader.parse("""
        a = 42
        b = +17
        c = -0
        d = 1_000_000
        e = 0xDEAD_beef
        f = 0o755
        g = 0b1101_0110
        max = 9223372036854775807
        min = -9223372036854775808
        hexmax = 0x7FFFFFFFFFFFFFFF
        zeros = 0x0000_00ff
        """)
        #expect(t["a"]?.int == 42 && t["b"]?.int == 17 && t["c"]?.int == 0 && t["d"]?.int == 1_000_000)
        #expect(t["e"]?.int == 0xDEADBEEF && t["f"]?.int == 0o755 && t["g"]?.int == 0b11010110)
        #expect(t["max"]?.integer == .max && t["min"]?.integer == .min && t["hexmax"]?.integer == .max)
        #expect(t["zeros"]?.int == 255)
        #expect(t["a"]?.double == nil, "an integer is not a float")
    }

    @Test func integersOutOfRangeOrMalformedAreRefused() {
        let cases: [(String, String)] = [
            ("a = 9223372036854775808", "does not fit a 64-bit integer"),
            ("a = -9223372036854775809", "does not fit a 64-bit integer"),
            ("a = 0x8000000000000000", "does not fit a 64-bit integer"),
            ("a = 0xFFFFFFFFFFFFFFFFFFFF", "does not fit a 64-bit integer"),
            ("a = 012", "a leading zero is not allowed"),
            ("a = 1__2", "an underscore in a number must stand between two digits"),
            ("a = 1_", "an underscore in a number must stand between two digits"),
            ("a = _1", "an underscore in a number must stand between two digits"),
            ("a = -0x1", "cannot have a sign"),
            ("a = 0b102", "'2' is not a binary digit"),
            ("a = 0x", "has no digits after its prefix"),
            ("a = 0X1", "is not a number"),
        ]
        for (text, message) in cases {
            let e = refusal(text)
            #expect(e?.message.contains(message) == true, "\(text): \(e?.description ?? "read")")
            #expect(e?.line == 1, "\(text)")
        }
    }

    @Test func floats() throws {
        let t = try TOMLReader.parse("""
        a = 3.1415
        b = -0.01
        c = 5e+22
        d = 1e06
        e = -2E-2
        f = 6.626e-34
        g = 224_617.445_991_228
        h = -0.0
        i = inf
        j = -inf
        k = nan
        l = +nan
        m = 0.1
        n = 1e400
        """)
        #expect(t["a"]?.double == 3.1415 && t["b"]?.double == -0.01 && t["c"]?.double == 5e22)
        #expect(t["d"]?.double == 1e6 && t["e"]?.double == -0.02 && t["f"]?.double == 6.626e-34)
        #expect(t["g"]?.double == 224617.445991228)
        #expect(t["h"]?.double == 0 && t["h"]?.double?.sign == .minus)
        #expect(t["i"]?.double == .infinity && t["j"]?.double == -.infinity)
        #expect(t["k"]?.double?.isNaN == true && t["l"]?.double?.isNaN == true)
        // Correctly rounded: the nearest double to 0.1, as Swift's own literal.
        #expect(t["m"]?.double == 0.1)
        #expect(t["n"]?.double == .infinity, "past the largest double rounds to infinity (IEEE 754)")
        #expect(t["a"]?.int == nil, "a float is not an integer")
    }

    @Test func floatsMalformedAreRefused() {
        for text in ["a = .5", "a = 5.", "a = 1e", "a = 1.e5", "a = 01.5", "a = 1._5", "a = 1e_5", "a = 1.5_",
                     "a = Inf", "a = NaN", "a = 1.2.3", "a = +-1.0"] {
            #expect(refusal(text) != nil, "\(text) was read")
        }
    }

    @Test func booleans() throws {
        let t = try TOMLReader.parse("yes = true\nno = false\n")
        #expect(t["yes"]?.bool == true && t["no"]?.bool == false)
        #expect(refusal("a = True")?.message.contains("'True' is not a value") == true)
        #expect(refusal("a = truex") != nil)
    }

    @Test func datesAndTimes() throws {
        let t = try TOMLReader.parse("""
        odt1 = 1979-05-27T07:32:00Z
        odt2 = 1979-05-27T00:32:00.999999-07:00
        odt3 = 1979-05-27 07:32:00+05:30
        odt4 = 1979-05-27t07:32:00z
        ldt = 1979-05-27T07:32:00.5
        ld = 2024-02-29
        lt = 00:32:00.123456789012
        leap = 2016-12-31T23:59:60Z
        """)
        #expect(t["odt1"]?.dateTime?.description == "1979-05-27T07:32:00Z")
        #expect(t["odt1"]?.dateTime?.kind == .offsetDateTime)
        #expect(t["odt2"]?.dateTime?.description == "1979-05-27T00:32:00.999999-07:00")
        #expect(t["odt2"]?.dateTime?.offsetMinutes == -420)
        #expect(t["odt3"]?.dateTime?.description == "1979-05-27T07:32:00+05:30")
        #expect(t["odt4"]?.dateTime?.description == "1979-05-27T07:32:00Z")
        #expect(t["ldt"]?.dateTime?.kind == .localDateTime && t["ldt"]?.dateTime?.time?.fraction == "5")
        #expect(t["ld"]?.dateTime?.kind == .localDate && t["ld"]?.dateTime?.date?.day == 29)
        #expect(t["lt"]?.dateTime?.kind == .localTime && t["lt"]?.dateTime?.description == "00:32:00.123456789012")
        #expect(t["leap"]?.dateTime?.time?.second == 60)
    }

    @Test func impossibleDatesAndTimesAreRefused() {
        let cases: [(String, String)] = [
            ("d = 2023-02-29", "the day must be 01 to 28"),
            ("d = 1900-02-29", "the day must be 01 to 28"),
            ("d = 2024-04-31", "the day must be 01 to 30"),
            ("d = 2024-13-01", "the month must be 01 to 12"),
            ("d = 2024-00-01", "the month must be 01 to 12"),
            ("d = 2024-01-01T24:00:00", "the hour must be 00 to 23"),
            ("d = 2024-01-01T23:60:00", "the minute must be 00 to 59"),
            ("d = 2024-01-01T23:59:61", "the second must be 00 to 60"),
            ("d = 2024-01-01T23:59:00+24:00", "the offset's hours must be 00 to 23"),
            ("d = 07:32", "TOML 1.0 writes a time as HH:MM:SS"),
            ("d = 2024-1-01", "expected 2 digits for the month"),
            ("d = 10000-01-01", "exactly 4 digits"),
            ("d = 2024-01-01T", "expected 2 digits for the hour"),
            ("d = 2024-01-01T10:00:00.", "needs digits after it"),
        ]
        for (text, message) in cases {
            let e = refusal(text)
            #expect(e?.message.contains(message) == true, "\(text): \(e?.description ?? "read")")
        }
    }

    @Test func arrays() throws {
        let t = try TOMLReader.parse("""
        empty = []
        ints = [1, 2, 3,]
        mixed = [1, "two", 3.0, [4, [5]], {six = 6}]
        lines = [   # a comment
          1,        # one
          # nothing
          2
        ]
        """)
        #expect(t["empty"]?.array?.isEmpty == true)
        #expect(t["ints"]?.array?.compactMap(\.int) == [1, 2, 3])
        let mixed = try #require(t["mixed"]?.array)
        #expect(mixed.count == 5 && mixed[1].string == "two" && mixed[3].array?[1].array?[0].int == 5)
        #expect(mixed[4].table?["six"]?.int == 6 && mixed[4].table?.isInline == true)
        #expect(t["lines"]?.array?.compactMap(\.int) == [1, 2])
        #expect(refusal("a = [1,,2]")?.message == "expected a value, found ','")
        #expect(refusal("a = [1 2]")?.message.hasPrefix("expected ',' or ']' in the array") == true)
        #expect(refusal("a = [1, 2") == TOMLError("an array left open: expected ']' before the end of the file",
                                                   at: TOMLPosition(line: 1, column: 5)))
    }

    @Test func tablesInlineTablesAndArraysOfTables() throws {
        let t = try TOMLReader.parse("""
        title = "x"
        point = { x = 1, y.z = 2 }

        [server]
        host = "a"
        [server.limits]
        max = 3

        [[fruit]]
        name = "apple"
        [fruit.physical]
        colour = "red"
        [[fruit.variety]]
        name = "fuji"

        [[fruit]]
        name = "banana"

        [dotted]
        a.b.c = 1
        a.b.d = 2
        "quoted key".x = 3
        'lit.key' = 4
        """)
        #expect(value(t, "point.x")?.int == 1 && t["point"]?.table?["y"]?.table?["z"]?.int == 2)
        #expect(value(t, "server.host")?.string == "a" && value(t, "server.limits.max")?.int == 3)
        let fruit = try #require(t["fruit"]?.array)
        #expect(fruit.count == 2)
        #expect(fruit[0].table?["name"]?.string == "apple")
        #expect(fruit[0].table.map { value($0, "physical.colour")?.string } == "red")
        #expect(fruit[0].table?["variety"]?.array?.first?.table?["name"]?.string == "fuji")
        #expect(fruit[1].table?["name"]?.string == "banana" && fruit[1].table?["physical"] == nil)
        #expect(value(t, "dotted.a.b.c")?.int == 1 && value(t, "dotted.a.b.d")?.int == 2)
        #expect(t["dotted"]?.table?["quoted key"]?.table?["x"]?.int == 3)
        #expect(t["dotted"]?.table?["lit.key"]?.int == 4)
    }

    @Test func theByteOrderMarkAndEmptyTexts() throws {
        #expect(try TOMLReader.parse("").isEmpty)
        #expect(try TOMLReader.parse("\n\n# only a comment\n   \t\n").isEmpty)
        let t = try TOMLReader.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a = 1".utf8))
        #expect(t["a"]?.int == 1 && t["a"]?.position == TOMLPosition(line: 1, column: 5))
        #expect(refusal("a = 1\n\u{FEFF}b = 2") != nil, "a byte order mark only at the start")
        // Columns count from after it, for a bad byte too.
        #expect(throws: TOMLError("not UTF-8: the byte 0xFF cannot begin a character", at: TOMLPosition(line: 1, column: 6))) {
            try TOMLReader.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a = \"".utf8) + [0xFF, 0x22])
        }
    }
}
