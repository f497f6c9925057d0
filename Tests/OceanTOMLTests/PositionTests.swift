import OceanTOML
import Testing

/// Values, keys and tables keep where they are written; tables keep the document's order.
@Suite struct PositionTests {
    @Test func valuesAndKeysKeepLineAndColumn() throws {
        let t = try TOMLReader.parse("""
        # a comment
        name = "ocean"
          count=  3

        [bin]
        width_px = [
          64,
          84,
        ]
        "é.x" = 1.5   # non-ASCII counts one column
        """)
        #expect(t["name"]?.position == TOMLPosition(line: 2, column: 8))
        #expect(t.entry("name")?.keyPosition == TOMLPosition(line: 2, column: 1))
        #expect(t["count"]?.position == TOMLPosition(line: 3, column: 11))
        #expect(t.entry("count")?.keyPosition == TOMLPosition(line: 3, column: 3))
        let bin = try #require(t["bin"]?.table)
        #expect(bin.position == TOMLPosition(line: 5, column: 1))
        #expect(bin["width_px"]?.position == TOMLPosition(line: 6, column: 12))
        #expect(bin["width_px"]?.array?[1].position == TOMLPosition(line: 8, column: 3))
        #expect(bin["é.x"]?.position == TOMLPosition(line: 10, column: 9))
    }

    @Test func tablesArePlacedWhereTheyAreDefined() throws {
        let t = try TOMLReader.parse("""
        [a.b.c]
        x = 1
        [a]
        y = 2
        [[list]]
        [[list]]
        q.r = 1
        """)
        // `a` is first named in [a.b.c] and defined by [a]: it is at its header.
        #expect(t["a"]?.table?.position.line == 3)
        #expect(t.entry("a")?.keyPosition.line == 1)
        #expect(t["a"]?.table?["b"]?.table?.position == TOMLPosition(line: 1, column: 4))
        let list = try #require(t["list"]?.array)
        #expect(list.map(\.position.line) == [5, 6])
        #expect(list[1].table?["q"]?.table?.position == TOMLPosition(line: 7, column: 1))
    }

    @Test func keysStayInDocumentOrder() throws {
        let t = try TOMLReader.parse("""
        zebra = 1
        apple = 2
        mango = 3
        [z]
        [a]
        [m.n]
        [b]
        """)
        #expect(t.keys == ["zebra", "apple", "mango", "z", "a", "m", "b"])
        // Reading twice gives the same order (no dictionary's iteration is involved).
        #expect(try TOMLReader.parse("b = 1\na = 2\nc = 3").keys == ["b", "a", "c"])
    }

    @Test func errorsNameLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("a = 1\nb 2\n", 2, 3, "expected '=' after the key, found '2'"),
            ("a = 1\nb =\n", 2, 4, "expected a value, found the end of the line"),
            ("a = 1 b = 2", 1, 7, "expected the end of the line after the value, found 'b'"),
            ("[table\n", 1, 7, "expected ']' to close the header, found the end of the line"),
            ("[[t] ]", 1, 5, "expected ']]' to close the array of tables header (no space between the brackets), found ' '"),
            ("a = \"open\n", 1, 10, "a string left open: expected \" before the end of the line (it opens at column 5); "
                + "a string over several lines needs three quotes"),
            ("s = \"\"\"\nnever closed", 1, 5, "a string left open: expected \"\"\" before the end of the file"),
            ("a = [1,\n  2\n", 1, 5, "an array left open: expected ']' before the end of the file"),
            ("s = \"bad \\q\"", 1, 10, "invalid escape: a backslash before 'q'; TOML 1.0 allows \\b \\t \\n \\f \\r \\\" \\\\ "
                + "\\uXXXX and \\UXXXXXXXX (write \\\\ for a backslash)"),
            ("s = \"\\uD800\"", 1, 6, "\\uD800 is not a Unicode scalar value (a surrogate, D800 to DFFF, or past 10FFFF)"),
            ("x = 1\n  = 2", 2, 3, "expected a key, found '='"),
            ("x = {a = 1,}", 1, 12, "a comma before '}': TOML 1.0 allows none after an inline table's last pair"),
            ("x = {a = 1\n}", 1, 11, "expected ',' or '}' (an inline table is written on one line in TOML 1.0; it opens at column 5), "
                + "found the end of the line"),
            ("a = 12__3", 1, 8, "an underscore in a number must stand between two digits"),
            ("a = 2024-02-30", 1, 13, "'2024-02-30' is not a date or time: the day must be 01 to 29 in that month"),
            ("[\n", 1, 2, "a table header with no name; write [name] (a bare key or a quoted one)"),
            ("\"\"\"k\"\"\" = 1", 1, 1, "a key cannot be a multi-line string"),
        ]
        for (text, line, column, message) in cases {
            let e = refusal(text)
            #expect(e == TOMLError(message, at: TOMLPosition(line: line, column: column)), "\(text.debugDescription): \(e?.description ?? "read")")
        }
        #expect(refusal("a = 1\nb 2")?.description == "line 2, column 3: expected '=' after the key, found '2'")
    }

    @Test func controlCharactersAndBadUTF8AreNamedWhereTheyAre() {
        #expect(refusal("[\u{18}career]")?.message
            == "a control character (U+0018); TOML allows none but tab outside strings, and in strings only as an escape")
        #expect(refusal("[\u{18}career]")?.position == TOMLPosition(line: 1, column: 2))
        #expect(refusal("a = \"x\u{0}y\"")?.message == "a control character (U+0000) in a string; write it as an escape (\\u00XX)")
        #expect(refusal("a = 'x\u{7F}'")?.position == TOMLPosition(line: 1, column: 7))
        #expect(refusal("a = 1 # \u{1F}")?.message == "a control character (U+001F) in a comment; TOML allows none but tab there")
        #expect(refusal("a = 1\rb = 2")?.message == "a carriage return (U+000D) without a line feed after it")
        #expect(refusal("a = 1\r\nb = 2\r\n") == nil, "CRLF line ends are fine")
        let bad = try? TOMLReader.parse(bytes: Array("a = 1\nb = \"é".utf8) + [0xFF, 0x22])
        #expect(bad == nil)
        do {
            _ = try TOMLReader.parse(bytes: Array("a = 1\nb = \"é".utf8) + [0xFF, 0x22])
        } catch {
            #expect(error == TOMLError("not UTF-8: the byte 0xFF cannot begin a character", at: TOMLPosition(line: 2, column: 7)))
        }
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] {
            #expect((try? TOMLReader.parse(bytes: Array("s = \"".utf8) + bytes + [0x22])) == nil, "\(bytes)")
        }
    }
}
