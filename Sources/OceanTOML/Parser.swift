/// The reader's state: where it is in the text, the tables so far, and which
/// section (the text after one header) it is in.
struct Parser {
    var cursor: Cursor
    var builder: TableBuilder
    /// Numbers each section and each inline table, for the dotted-key rule.
    var sections = 0

    init(bytes: [UInt8], maxDepth: Int) {
        cursor = Cursor(bytes, from: Parser.startsWithByteOrderMark(bytes) ? 3 : 0)
        builder = TableBuilder(maxDepth: maxDepth)
    }

    /// A byte order mark (U+FEFF) at the very start is no part of the document.
    static func startsWithByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    func fail(_ message: String) -> TOMLError {
        TOMLError(message, at: cursor.position)
    }

    /// "expected X, found Y" at the position; a control character is named as one.
    func expected(_ what: String) -> TOMLError {
        if let b = cursor.peek(), Byte.isControl(b), !cursor.atLineEnd {
            if b == Byte.carriageReturn { return fail(Byte.controlName(b)) }
            return fail(Byte.controlName(b) + "; TOML allows none but tab outside strings, and in strings only as an escape")
        }
        return fail("expected \(what), found \(cursor.describeNext())")
    }

    /// The whole document: one expression per line (a key/value pair, a header, or
    /// nothing), each with an optional comment.
    mutating func document() throws(TOMLError) -> TOMLTable {
        var table = TableBuilder.root
        // The section key/value pairs go to now. Inline tables take numbers from the
        // same counter, so it is kept here rather than read from the counter.
        var section = sections
        while true {
            cursor.skipBlanks()
            guard let b = cursor.peek() else { break }
            if b == Byte.openBracket {
                table = try header()
                section = sections
                try endOfLine(after: "the header")
            } else if b == Byte.hash || cursor.atLineEnd {
                try endOfLine(after: "")
            } else {
                try keyValue(in: table, section: section)
                try endOfLine(after: "the value")
            }
        }
        return builder.finish(TableBuilder.root)
    }

    /// Blanks, an optional comment, then a line end or the end of the file.
    mutating func endOfLine(after what: String) throws(TOMLError) {
        cursor.skipBlanks()
        try skipComment()
        if cursor.atEnd { return }
        guard cursor.atLineEnd else {
            if what.isEmpty { throw expected("the end of the line") }
            throw expected("the end of the line after \(what)")
        }
        cursor.skipLineEnd()
    }

    /// A comment, if one starts here, up to (not including) its line end. Only tab
    /// and printable characters may be in it.
    mutating func skipComment() throws(TOMLError) {
        guard cursor.peek() == Byte.hash else { return }
        cursor.advance()
        while let b = cursor.peek(), !cursor.atLineEnd {
            if Byte.isControl(b) {
                throw fail(Byte.controlName(b) + " in a comment; TOML allows none but tab there")
            }
            cursor.advance()
        }
    }

    /// `[name]` or `[[name]]`: the table that the next key/value pairs go in.
    mutating func header() throws(TOMLError) -> Int {
        let start = cursor.position
        cursor.advance()
        let array = cursor.peek() == Byte.openBracket
        if array { cursor.advance() }
        cursor.skipBlanks()
        guard let b = cursor.peek(), Byte.isBareKey(b) || b == Byte.quote || b == Byte.apostrophe else {
            if cursor.peek() == Byte.closeBracket || cursor.peek() == Byte.hash || cursor.atLineEnd || cursor.atEnd {
                throw fail("a table header with no name; write [name] (a bare key or a quoted one)")
            }
            throw expected("a table name after '\(array ? "[[" : "[")'")
        }
        let key = try self.key()
        cursor.skipBlanks()
        guard cursor.peek() == Byte.closeBracket else {
            throw expected("'\(array ? "]]" : "]")' to close the header")
        }
        cursor.advance()
        if array {
            guard cursor.peek() == Byte.closeBracket else {
                throw expected("']]' to close the array of tables header (no space between the brackets)")
            }
            cursor.advance()
        }
        sections += 1
        return array ? try builder.append(key, header: start) : try builder.define(key, header: start)
    }

    /// `key = value` into table `table`.
    mutating func keyValue(in table: Int, section: Int) throws(TOMLError) {
        guard let b = cursor.peek(), Byte.isBareKey(b) || b == Byte.quote || b == Byte.apostrophe else {
            throw expected("a key")
        }
        let key = try self.key()
        cursor.skipBlanks()
        guard cursor.peek() == Byte.equals else { throw expected("'=' after the key") }
        cursor.advance()
        cursor.skipBlanks()
        let value = try self.value(depth: builder.depth(of: table) + key.count)
        try builder.assign(key, value, in: table, section: section)
    }
}
