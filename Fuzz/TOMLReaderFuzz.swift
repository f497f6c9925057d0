// libFuzzer entry point for the TOML reader (`make fuzz-toml SECONDS=N`): any bytes
// through `TOMLReader.parse(bytes:)`.
//
// Every input must give a table or an error at a place inside the text with a
// message: never a crash, a hang, a stack overflow or an unbounded allocation. What
// is read must hold together: every position inside the text, keys unique in each
// table, nothing nested past the limit, and the same text read again the same way.

@_cdecl("LLVMFuzzerTestOneInput")
public func tomlReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Lines in the text, and the most columns one has (an upper bound for positions).
    var lines = 1, widest = 0, column = 0
    for b in bytes {
        if b == 10 { lines += 1; column = 0 } else { column += 1; widest = max(widest, column) }
    }
    func inside(_ p: TOMLPosition) -> Bool {
        p.line >= 1 && p.line <= lines && p.column >= 1 && p.column <= widest + 1
    }
    let table: TOMLTable
    do {
        table = try TOMLReader.parse(bytes: bytes)
    } catch {
        precondition(inside(error.position), "an error outside the text: \(error)")
        precondition(!error.message.isEmpty, "an error with no message")
        return 0
    }
    func check(_ t: TOMLTable, depth: Int) {
        precondition(depth <= TOMLReader.maxDepth, "nested past the limit")
        precondition(Set(t.keys).count == t.keys.count, "a key twice in one table")
        for entry in t.entries {
            precondition(inside(entry.keyPosition) && inside(entry.value.position), "a position outside the text")
            precondition(t.entry(entry.key)?.keyPosition == entry.keyPosition, "a key that does not find its entry")
            check(entry.value, depth: depth + 1)
        }
    }
    func check(_ v: TOMLValue, depth: Int) {
        if let sub = v.table { check(sub, depth: depth) }
        if let items = v.array {
            precondition(depth <= TOMLReader.maxDepth, "nested past the limit")
            for item in items {
                precondition(inside(item.position), "a position outside the text")
                check(item, depth: depth + 1)
            }
        }
    }
    check(table, depth: 0)
    // Read again: the same document (NaN aside, which equals nothing).
    let again = try? TOMLReader.parse(bytes: bytes)
    precondition(again != nil, "read once, refused the second time")
    precondition(again!.keys == table.keys, "a different key order the second time")
    return 0
}
