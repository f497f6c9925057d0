import OceanTOML
import Testing

/// No text can crash the reader or keep it long: nesting is bounded, time is linear.
@Suite struct RobustnessTests {
    let limit = TOMLReader.maxDepth

    /// The root is not counted: `a = [[1]]` nests two arrays, `[a.b]` two tables.
    @Test func nestingUpToTheLimitIsRead() throws {
        let arrays = "a = " + String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(refusal(arrays) == nil)
        let inline = "a = " + String(repeating: "{b = ", count: limit) + "1" + String(repeating: "}", count: limit)
        #expect(refusal(inline) == nil)
        let key = (0..<limit).map { "k\($0)" }.joined(separator: ".")
        #expect(refusal("\(key) = 1") == nil)
        #expect(refusal("[\(key)]") == nil)
    }

    @Test func nestingPastTheLimitIsRefusedByName() {
        let arrays = "a = " + String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(refusal(arrays) == TOMLError("nested too deeply: more than \(limit) tables and arrays inside one another",
                                             at: TOMLPosition(line: 1, column: 5 + limit)))
        let inline = "a = " + String(repeating: "{b = ", count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        #expect(refusal(inline)?.message.hasPrefix("nested too deeply") == true)
        let key = (0...limit).map { "k\($0)" }.joined(separator: ".")
        #expect(refusal("\(key) = 1")?.message == "nested too deeply: a key of more than \(limit) parts")
        #expect(refusal("[\(key)]")?.message == "nested too deeply: a key of more than \(limit) parts")
        // Depth adds up across headers, dotted keys and values.
        let half = (0..<(limit / 2)).map { "h\($0)" }.joined(separator: ".")
        let deep = "[\(half)]\n\(half).x.y = 1"
        #expect(refusal(deep)?.message.hasPrefix("nested too deeply") == true)
        let mixed = "[\(half)]\nv = " + String(repeating: "[", count: limit / 2 + 1) + String(repeating: "]", count: limit / 2 + 1)
        #expect(refusal(mixed)?.message.hasPrefix("nested too deeply") == true)
    }

    @Test func hostileShapesAreAnsweredQuickly() {
        // A million open brackets: refused at the limit, not read to the end.
        #expect(refusal("a = " + String(repeating: "[", count: 1_000_000))?.message.hasPrefix("nested too deeply") == true)
        // Long lines of many values: positions are kept as the reader moves, so this
        // stays linear (a column counted from the line's start each time would not).
        let many = "a = [" + String(repeating: "1,", count: 200_000) + "]"
        #expect(refusal(many) == nil)
        let keys = "t = {" + (0..<50_000).map { "k\($0) = \($0)" }.joined(separator: ", ") + "}"
        #expect(refusal(keys) == nil)
        // Many tables under one long name: no message or path is built unless needed.
        let long = String(repeating: "x", count: 100_000)
        let tables = "[\(long)]\n" + (0..<2_000).map { "k\($0).v = 1" }.joined(separator: "\n")
        #expect(refusal(tables) == nil)
        #expect(refusal(String(repeating: "\"", count: 100_001)) != nil)
        #expect(refusal("a = \"" + String(repeating: "\\", count: 100_001)) != nil)
    }

    @Test func everyPrefixOfAFileGivesAnAnswer() {
        let text = """
        a = "x" # c
        [t.u]
        b = [1, 2.5, 1979-05-27T07:32:00Z, {c = 'd'}]
        [[arr]]
        s = \"\"\"
        m\\
          x\"\"\"
        """
        let bytes = Array(text.utf8)
        for n in 0...bytes.count {
            _ = try? TOMLReader.parse(bytes: Array(bytes[0..<n]))
        }
    }
}
