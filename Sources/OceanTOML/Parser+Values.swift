extension Parser {
    /// A value at the position. `depth` is how deep an array or inline table here
    /// would be nested; past the limit it is refused before it is read.
    mutating func value(depth: Int) throws(TOMLError) -> TOMLValue {
        let at = cursor.position
        switch cursor.peek() {
        case Byte.quote?:
            let s = cursor.looking(at: "\"\"\"") ? try multilineString(literal: false) : try basicString()
            return TOMLValue(.string(s), at: at)
        case Byte.apostrophe?:
            let s = cursor.looking(at: "'''") ? try multilineString(literal: true) : try literalString()
            return TOMLValue(.string(s), at: at)
        case Byte.openBracket?:
            return try array(depth: depth)
        case Byte.openBrace?:
            return try inlineTable(depth: depth)
        default:
            return try scalar()
        }
    }

    private func refuseDepth(_ depth: Int) throws(TOMLError) {
        if depth > builder.maxDepth {
            throw fail("nested too deeply: more than \(builder.maxDepth) tables and arrays inside one another")
        }
    }

    /// `[a, b, …]`: values of any kinds, over any number of lines, with comments
    /// between them and a comma after the last allowed.
    mutating func array(depth: Int) throws(TOMLError) -> TOMLValue {
        let open = cursor.position
        try refuseDepth(depth)
        cursor.advance()
        var items: [TOMLValue] = []
        while true {
            try skipBlanksCommentsAndLineEnds()
            if cursor.peek() == Byte.closeBracket { cursor.advance(); break }
            if cursor.atEnd { throw TOMLError("an array left open: expected ']' before the end of the file", at: open) }
            items.append(try value(depth: depth + 1))
            try skipBlanksCommentsAndLineEnds()
            if cursor.peek() == Byte.comma { cursor.advance(); continue }
            if cursor.peek() == Byte.closeBracket { cursor.advance(); break }
            // Left open to the end: the place to fix is where it opens.
            if cursor.atEnd { throw TOMLError("an array left open: expected ']' before the end of the file", at: open) }
            throw expected("',' or ']' in the array that opens at \(place(open))")
        }
        return TOMLValue(.array(items), at: open)
    }

    /// `{ key = value, … }` on one line, no comma after the last pair (TOML 1.0).
    /// Nothing may add to it after its `}`.
    mutating func inlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
        let open = cursor.position
        try refuseDepth(depth)
        cursor.advance()
        sections += 1
        let section = sections
        let table = builder.newInlineTable(at: open, depth: depth, section: section)
        cursor.skipBlanks()
        if cursor.peek() == Byte.closeBrace {
            cursor.advance()
            return TOMLValue(.table(builder.finish(table)), at: open)
        }
        while true {
            if cursor.atLineEnd { throw expected("a key (an inline table is written on one line in TOML 1.0)") }
            try keyValue(in: table, section: section)
            cursor.skipBlanks()
            if cursor.peek() == Byte.comma {
                cursor.advance()
                cursor.skipBlanks()
                if cursor.peek() == Byte.closeBrace {
                    throw fail("a comma before '}': TOML 1.0 allows none after an inline table's last pair")
                }
                continue
            }
            if cursor.peek() == Byte.closeBrace { cursor.advance(); break }
            if cursor.atLineEnd || cursor.peek() == Byte.hash {
                throw expected("',' or '}' (an inline table is written on one line in TOML 1.0; it opens at \(place(open)))")
            }
            throw expected("',' or '}' in the inline table that opens at \(place(open))")
        }
        return TOMLValue(.table(builder.finish(table)), at: open)
    }

    /// "line 3, column 7", or "column 7" on the current line.
    func place(_ p: TOMLPosition) -> String {
        p.line == cursor.position.line ? "column \(p.column)" : "line \(p.line), column \(p.column)"
    }

    /// Inside an array: blanks, comments and line ends.
    mutating func skipBlanksCommentsAndLineEnds() throws(TOMLError) {
        while true {
            cursor.skipBlanks()
            if cursor.peek() == Byte.hash { try skipComment() }
            guard cursor.atLineEnd else { return }
            cursor.skipLineEnd()
        }
    }

    /// A value written bare: a boolean, a number, a date or a time. Its text runs
    /// while the characters may belong to one (and across the one space a date and
    /// a time may be separated by).
    mutating func scalar() throws(TOMLError) -> TOMLValue {
        let at = cursor.position
        let start = cursor.index
        func isTokenByte(_ b: UInt8) -> Bool {
            Byte.isBareKey(b) || b == UInt8(ascii: "+") || b == Byte.dot || b == UInt8(ascii: ":")
        }
        while let b = cursor.peek(), isTokenByte(b) { cursor.advance() }
        if cursor.index - start == 10, ScalarText.isDate(cursor.bytes[start..<cursor.index]), cursor.peek() == Byte.space,
           let h1 = cursor.peek(1), Byte.isDigit(h1), let h2 = cursor.peek(2), Byte.isDigit(h2), cursor.peek(3) == UInt8(ascii: ":") {
            cursor.advance()
            while let b = cursor.peek(), isTokenByte(b) { cursor.advance() }
        }
        guard cursor.index > start else { throw expected("a value") }
        do {
            return TOMLValue(try ScalarText.read(Array(cursor.bytes[start..<cursor.index])), at: at)
        } catch {
            // The text is ASCII, so its byte offset is its column offset.
            throw TOMLError(error.message, at: TOMLPosition(line: at.line, column: at.column + error.offset))
        }
    }
}
