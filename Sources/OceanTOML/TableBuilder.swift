/// The tables of a document while it is read, and TOML's rules on defining them.
///
/// Tables that later lines may still add to live here, in one array and referred
/// to by index (no tree of values copied on every change): the root, tables made
/// by `[headers]`, the parents a longer header or a dotted key makes, and arrays of
/// tables. Inline tables and array values are finished values as soon as they are
/// read, since nothing may add to them afterwards. `finish` turns the rest into
/// `TOMLTable`s once the text is read.
struct TableBuilder {
    /// How a table came to be, which decides what may add to it later.
    enum Origin: Equatable {
        /// The document itself.
        case root
        /// By a `[header]` or as an element of `[[header]]`: no other header may
        /// define it again, and no dotted key from a table above may add to it.
        case header
        /// As a parent of a longer header (`[a.b]` makes `a`): a header may still
        /// define it once, and dotted keys may add to it.
        case implicit
        /// By dotted keys (`a.b = 1` makes `a`) while the section with this number
        /// was read: only dotted keys of that same section may add to it, and no
        /// header may define it. Every inline table is a section of its own.
        case dotted(Int)
    }

    /// What a key of a table holds.
    enum Child {
        case value(TOMLValue)
        case table(Int)
        /// An array of tables (`[[name]]`), by its index in `arraysOfTables`.
        case tables(Int)
    }

    struct Table {
        var entries: [(key: String, position: TOMLPosition, child: Child)] = []
        var index: [String: Int] = [:]
        var origin: Origin
        var position: TOMLPosition
        /// Tables and arrays around it (the root: 0).
        let depth: Int
        /// For naming the table in messages.
        let parent: Int?
        let name: String
        let inline: Bool
    }

    /// A key part as written: the key and where.
    struct KeyPart {
        let name: String
        let position: TOMLPosition
    }

    private(set) var tables: [Table]
    private var arraysOfTables: [(elements: [Int], position: TOMLPosition)] = []
    let maxDepth: Int

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
        tables = [Table(origin: .root, position: TOMLPosition(line: 1, column: 1), depth: 0, parent: nil, name: "", inline: false)]
    }

    static let root = 0

    /// A new table with no parent for an inline table's keys, `depth` deep.
    mutating func newInlineTable(at position: TOMLPosition, depth: Int, section: Int) -> Int {
        tables.append(Table(origin: .dotted(section), position: position, depth: depth, parent: nil, name: "", inline: true))
        return tables.count - 1
    }

    func depth(of table: Int) -> Int { tables[table].depth }

    // MARK: - Key/value pairs

    /// `key = value` in table `base`, while section `section` is read.
    mutating func assign(_ key: [KeyPart], _ value: TOMLValue, in base: Int, section: Int) throws(TOMLError) {
        var t = base
        for part in key.dropLast() {
            guard let i = tables[t].index[part.name] else {
                t = try add(.dotted(section), named: part, to: t)
                continue
            }
            switch tables[t].entries[i].child {
            case .table(let c):
                switch tables[c].origin {
                case .dotted(let s) where s == section: break
                case .implicit: tables[c].origin = .dotted(section)
                case .header:
                    throw TOMLError("table '\(path(c))' is defined by its header at line \(tables[c].position.line); "
                        + "a dotted key cannot add to it: write the key under that header", at: part.position)
                case .dotted, .root:
                    throw TOMLError("table '\(path(c))' was made by dotted keys at line \(tables[c].position.line) "
                        + "under another header; dotted keys here cannot add to it", at: part.position)
                }
                t = c
            case .tables(let a):
                throw TOMLError("'\(path(t, part.name))' is an array of tables ([[\(path(t, part.name))]] at line "
                    + "\(arraysOfTables[a].position.line)); a dotted key cannot add to it", at: part.position)
            case .value(let v):
                throw notATable(v, path(t, part.name), at: part.position, by: "a dotted key")
            }
        }
        let last = key[key.count - 1]
        if let i = tables[t].index[last.name] {
            throw TOMLError("duplicate key '\(path(t, last.name))' (first \(firstAt(tables[t].entries[i].position, last.position)))",
                            at: last.position)
        }
        insert(.value(value), named: last, into: t)
    }

    // MARK: - Headers

    /// `[key]`: the table it defines, now the one key/value pairs go to.
    mutating func define(_ key: [KeyPart], header: TOMLPosition) throws(TOMLError) -> Int {
        let t = try parents(of: key)
        let last = key[key.count - 1]
        let name = path(t, last.name)
        guard let i = tables[t].index[last.name] else { return try add(.header, named: last, to: t, at: header) }
        switch tables[t].entries[i].child {
        case .table(let c):
            switch tables[c].origin {
            case .implicit:
                tables[c].origin = .header
                tables[c].position = header
                return c
            case .header, .root:
                throw TOMLError("duplicate table [\(name)] (first \(firstAt(tables[c].position, header)))", at: header)
            case .dotted:
                throw TOMLError("table '\(name)' was already made by dotted keys at line \(tables[c].position.line); "
                    + "a header cannot define it again", at: header)
            }
        case .tables(let a):
            throw TOMLError("'\(name)' is an array of tables ([[\(name)]] at line \(arraysOfTables[a].position.line)); "
                + "write [[\(name)]] to add a table to it", at: header)
        case .value(let v):
            throw notATable(v, name, at: header, by: "a header")
        }
    }

    /// `[[key]]`: a new table at the end of the array of tables `key`.
    mutating func append(_ key: [KeyPart], header: TOMLPosition) throws(TOMLError) -> Int {
        let t = try parents(of: key)
        let last = key[key.count - 1]
        let name = path(t, last.name)
        let element = try newTable(.header, named: last.name, parent: t, at: header)
        if let i = tables[t].index[last.name] {
            switch tables[t].entries[i].child {
            case .tables(let a):
                arraysOfTables[a].elements.append(element)
                return element
            case .table(let c):
                throw TOMLError("'\(name)' is already a table (line \(tables[c].position.line)), not an array of tables",
                                at: header)
            case .value(let v):
                if v.array != nil {
                    throw TOMLError("'\(name)' is an array value (line \(v.position.line)); [[\(name)]] adds only to an "
                        + "array of tables made by [[\(name)]]", at: header)
                }
                throw notATable(v, name, at: header, by: "a header")
            }
        }
        arraysOfTables.append(([element], header))
        insert(.tables(arraysOfTables.count - 1), named: last, into: t)
        return element
    }

    /// The table a header's last key part goes in: each part before it is walked
    /// into (the last table of an array of tables), or made as an implicit table.
    private mutating func parents(of key: [KeyPart]) throws(TOMLError) -> Int {
        var t = TableBuilder.root
        for part in key.dropLast() {
            guard let i = tables[t].index[part.name] else {
                t = try add(.implicit, named: part, to: t)
                continue
            }
            switch tables[t].entries[i].child {
            case .table(let c): t = c
            case .tables(let a): t = arraysOfTables[a].elements[arraysOfTables[a].elements.count - 1]
            case .value(let v):
                if v.array != nil {
                    throw TOMLError("'\(path(t, part.name))' is an array value (line \(v.position.line)), not an array "
                        + "of tables; a header cannot add to it", at: part.position)
                }
                throw notATable(v, path(t, part.name), at: part.position, by: "a header")
            }
        }
        return t
    }

    // MARK: - Making tables

    private mutating func add(_ origin: Origin, named part: KeyPart, to parent: Int, at position: TOMLPosition? = nil)
        throws(TOMLError) -> Int {
        let t = try newTable(origin, named: part.name, parent: parent, at: position ?? part.position)
        insert(.table(t), named: part, into: parent)
        return t
    }

    private mutating func newTable(_ origin: Origin, named name: String, parent: Int, at position: TOMLPosition)
        throws(TOMLError) -> Int {
        let depth = tables[parent].depth + 1
        if depth > maxDepth {
            throw TOMLError("nested too deeply: more than \(maxDepth) tables and arrays inside one another", at: position)
        }
        tables.append(Table(origin: origin, position: position, depth: depth, parent: parent, name: name, inline: false))
        return tables.count - 1
    }

    private mutating func insert(_ child: Child, named part: KeyPart, into t: Int) {
        tables[t].index[part.name] = tables[t].entries.count
        tables[t].entries.append((part.name, part.position, child))
    }

    // MARK: - Messages

    private func notATable(_ v: TOMLValue, _ name: String, at position: TOMLPosition, by what: String) -> TOMLError {
        if let t = v.table, t.isInline {
            return TOMLError("'\(name)' is an inline table (line \(v.position.line)); \(what) cannot add to it", at: position)
        }
        if v.array != nil {
            return TOMLError("'\(name)' is an array value (line \(v.position.line)); \(what) cannot add to it", at: position)
        }
        return TOMLError("'\(name)' is already \(v.kindName) (line \(v.position.line)), not a table", at: position)
    }

    /// "at line 3", or "at column 5" on the same line.
    private func firstAt(_ first: TOMLPosition, _ here: TOMLPosition) -> String {
        first.line == here.line ? "at column \(first.column)" : "at line \(first.line)"
    }

    /// The dotted name of table `t` (and a key in it), each part quoted if it must be.
    func path(_ t: Int, _ key: String? = nil) -> String {
        var parts: [String] = key.map { [$0] } ?? []
        var at: Int? = t
        while let i = at, tables[i].parent != nil || !tables[i].name.isEmpty {
            parts.append(tables[i].name)
            at = tables[i].parent
        }
        return parts.reversed().map(TableBuilder.display).joined(separator: ".")
    }

    /// A key as TOML writes it: bare when it can be, else quoted.
    static func display(_ key: String) -> String {
        if !key.isEmpty && key.utf8.allSatisfy(Byte.isBareKey) { return key }
        var s = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": s += "\\\""
            case "\\": s += "\\\\"
            case "\n": s += "\\n"
            case "\t": s += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    s += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    s.unicodeScalars.append(scalar)
                }
            }
        }
        return s + "\""
    }

    // MARK: - The result

    /// Table `t` and everything in it as values.
    func finish(_ t: Int) -> TOMLTable {
        let table = tables[t]
        let entries = table.entries.map { entry -> TOMLTable.Entry in
            let value: TOMLValue
            switch entry.child {
            case .value(let v): value = v
            case .table(let c): value = TOMLValue(.table(finish(c)), at: tables[c].position)
            case .tables(let a):
                let elements = arraysOfTables[a].elements.map { TOMLValue(.table(finish($0)), at: tables[$0].position) }
                value = TOMLValue(.array(elements), at: arraysOfTables[a].position)
            }
            return TOMLTable.Entry(key: entry.key, keyPosition: entry.position, value: value)
        }
        return TOMLTable(entries: entries, position: table.position, isInline: table.inline)
    }
}
