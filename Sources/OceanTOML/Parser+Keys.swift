extension Parser {
    /// A key: bare (`A-Za-z0-9_-`), quoted ("…" or '…', one line), or several of those
    /// joined by dots, with blanks allowed around each dot.
    mutating func key() throws(TOMLError) -> [TableBuilder.KeyPart] {
        var parts: [TableBuilder.KeyPart] = []
        while true {
            let position = cursor.position
            let name: String
            switch cursor.peek() {
            case Byte.quote?:
                if cursor.looking(at: "\"\"\"") { throw fail("a key cannot be a multi-line string") }
                name = try basicString()
            case Byte.apostrophe?:
                if cursor.looking(at: "'''") { throw fail("a key cannot be a multi-line string") }
                name = try literalString()
            case let b? where Byte.isBareKey(b):
                let start = cursor.index
                while let c = cursor.peek(), Byte.isBareKey(c) { cursor.advance() }
                name = String(decoding: cursor.bytes[start..<cursor.index], as: UTF8.self)
            default:
                throw expected(parts.isEmpty ? "a key" : "a key after '.'")
            }
            parts.append(TableBuilder.KeyPart(name: name, position: position))
            // A dotted key of more parts than tables may nest is refused here, before
            // any table is made for it.
            if parts.count > builder.maxDepth {
                throw TOMLError("nested too deeply: a key of more than \(builder.maxDepth) parts", at: position)
            }
            cursor.skipBlanks()
            guard cursor.peek() == Byte.dot else { return parts }
            cursor.advance()
            cursor.skipBlanks()
        }
    }
}
