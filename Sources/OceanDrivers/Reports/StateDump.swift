import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanKernel

/// A state as `key value` lines a person can read and two builds can compare field by
/// field: every field `StateFields` lists, by its name (a list's elements one line
/// each, as `items[3] x … y … kind plastic_bag`), then the hash and the events of the
/// step that made it. What `replay diff --against` shows at the first tick two builds
/// disagree (OpenRA's sync report, 0 A.D.'s OOS dump).
public enum StateDump {
    public static func lines(_ s: GameState, events: [Event], rules: Rules) -> [String] {
        lines(s, events: events, kindKeys: rules.kindKeys)
    }

    public static func lines(_ s: GameState, events: [Event], kindKeys: [String]) -> [String] {
        var dump = DumpVisitor(kindKeys: kindKeys)
        var state = s
        GameState.visitFields(&state, with: &dump)
        var out = dump.lines
        out.append("state.hash \(hex16(s.hash))")
        out.append("events \(events.count)")
        for (i, e) in events.enumerated() { out.append("event[\(i)] \(eventText(e, kindKeys: kindKeys))") }
        return out
    }

    /// An event as the kernel spells it, its kind named by key ("itemSpawned(kind:
    /// plastic_bag, xPx: 120)").
    public static func eventText(_ e: Event, kindKeys: [String]) -> String {
        var text = "\(e)"
        for (i, key) in kindKeys.enumerated() where text.contains("ItemKind(index: \(i))") {
            text = text.replacing("OceanKernel.ItemKind(index: \(i))", with: key)
        }
        return text
    }

    /// One field two dumps disagree on: its key and each side's value ("(none)" when
    /// only one side has it).
    public struct Difference: Equatable, Sendable {
        public var key: String, a: String, b: String
    }

    /// The lines of two dumps that differ, aligned by key (the text before the first
    /// space), in the first dump's order and then the keys only the second has.
    public static func compare(_ a: [String], _ b: [String]) -> [Difference] {
        func split(_ lines: [String]) -> [(String, String)] {
            lines.map { line in
                let space = line.firstIndex(of: " ") ?? line.endIndex
                return (String(line[..<space]), space < line.endIndex ? String(line[line.index(after: space)...]) : "")
            }
        }
        let left = split(a), right = split(b)
        let rightValue = Dictionary(right, uniquingKeysWith: { first, _ in first })
        let leftValue = Dictionary(left, uniquingKeysWith: { first, _ in first })
        var out: [Difference] = []
        for (key, value) in left where rightValue[key] != value {
            out.append(Difference(key: key, a: value, b: rightValue[key] ?? "(none)"))
        }
        for (key, value) in right where leftValue[key] == nil { out.append(Difference(key: key, a: "(none)", b: value)) }
        return out
    }

    /// "item[3]  A … → B …" for each field that differs.
    public static func differences(_ a: [String], _ b: [String]) -> [String] {
        compare(a, b).map { "\($0.key)  A \($0.a)  →  B \($0.b)" }
    }

    /// A recorded and a re-simulated state's differences (the hash line left out: it
    /// differs whenever anything does).
    public static func compare(recorded: GameState, resimulated: GameState, kindKeys: [String]) -> [Difference] {
        compare(lines(recorded, events: [], kindKeys: kindKeys), lines(resimulated, events: [], kindKeys: kindKeys))
            .filter { $0.key != "state.hash" }
    }
}

/// Writes each field as text: a line per field, a list's count and then a line per
/// element (its fields as `name value` pairs), a list of numbers on one line.
private struct DumpVisitor: StateVisitor {
    let version = StateEncoding.version
    let kindKeys: [String]
    var lines: [String] = []
    /// The fields of the element being written, while inside a list.
    var element: [String]?
    /// The group being written ("career.daily.").
    var prefix = ""

    mutating func put(_ name: StaticString, _ value: String) {
        if element != nil { element!.append("\(name) \(value)") } else { lines.append("\(prefix)\(name) \(value)") }
    }

    mutating func visitInt(_ value: inout Int, _ name: StaticString, _ rule: FieldRule) { put(name, "\(value)") }
    mutating func visitInt32(_ value: inout Int32, _ name: StaticString, _ rule: FieldRule) { put(name, "\(value)") }
    mutating func visitWord(_ value: inout UInt64, _ name: StaticString) { put(name, hex16(value)) }

    mutating func visitCode<C: StateCode>(_ value: inout C, _ name: StaticString) {
        if let kind = value as? ItemKind {
            put(name, kind.rawValue < kindKeys.count ? kindKeys[kind.rawValue] : "#\(kind.rawValue)")
        } else {
            put(name, "\(value)")
        }
    }

    mutating func visitList<T>(_ list: inout [T], _ name: StaticString, _ shape: ListShape, blank: T,
                               fields: (inout T, inout Self) -> Void) {
        lines.append("\(prefix)\(name) \(list.count)")
        for i in list.indices {
            element = []
            var e = list[i]
            fields(&e, &self)
            lines.append("\(prefix)\(name)[\(i)] " + element!.joined(separator: " "))
            element = nil
        }
    }

    mutating func visitInts(_ list: inout [Int], _ name: StaticString, _ shape: ListShape, _ rule: FieldRule) {
        let text = list.isEmpty ? "(none)" : list.map { "\($0)" }.joined(separator: " ")
        if element != nil { element!.append("\(name) [\(text)]") } else { lines.append("\(prefix)\(name) \(text)") }
    }

    mutating func visitGroup<T>(_ value: inout T, _ name: StaticString, fields: (inout T, inout Self) -> Void) {
        let outer = prefix
        prefix = outer + "\(name)."
        fields(&value, &self)
        prefix = outer
    }

    mutating func visitMonths(_ months: inout [MonthTotal], digest: MonthsDigest?, shape: ListShape,
                              fields: (inout MonthTotal, inout Self) -> Void) {
        visitList(&months, "career.months", shape, blank: MonthTotal(month: 0, grams: 0, kindCounts: []), fields: fields)
    }
}
