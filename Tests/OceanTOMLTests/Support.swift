import OceanTOML

/// The error `text` is refused with; nil when it is read.
func refusal(_ text: String) -> TOMLError? {
    do {
        _ = try TOMLReader.parse(text)
        return nil
    } catch {
        return error
    }
}

/// The value at a dotted path of plain keys ("a.b.c"), or nil.
func value(_ table: TOMLTable, _ path: String) -> TOMLValue? {
    var parts = path.split(separator: ".").map(String.init)
    var t = table
    let last = parts.removeLast()
    for p in parts {
        guard let next = t[p]?.table else { return nil }
        t = next
    }
    return t[last]
}
