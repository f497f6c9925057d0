import OceanKernel

/// A saved career's per-kind figures (lifetime catches and grams, each month's
/// catches, the items in the air) matched to a balance's kinds: by key when the
/// profile names its kinds (version 5), by position before. A career never changes
/// meaning with the balance that opens it: a kind listed elsewhere keeps its figures, a
/// kind added starts at zero, and the figures of a kind the balance lacks (a mod's)
/// are set aside as they are (`ForeignKinds`) and written back with every save, never
/// converted: the career outlives the mod, and the mod finds its kinds again. Only a
/// game left on with such an item in the air is refused by name.
enum ProfileKinds {
    /// Re-orders `state`'s per-kind figures from the profile's kinds (`stored`) to
    /// `rules`' kinds; the figures of kinds `rules` lacks are returned, set aside.
    static func fit(_ state: inout GameState, stored: [String], rules: Rules) throws(ProfileText.Problem) -> ForeignKinds {
        let career = state.career
        func value(_ a: [Int], _ i: Int) -> Int { i < a.count ? a[i] : 0 }
        // The state's arrays cannot hold more kinds than the profile names.
        let longest = max(career.kindCounts.count, career.kindGrams.count,
                          career.months.map(\.kindCounts.count).max() ?? 0,
                          (state.items.map(\.kind.rawValue).max() ?? -1) + 1)
        guard longest <= stored.count else {
            throw ProfileText.Problem("kinds: the state has figures for \(longest) kinds; the line names \(stored.count)")
        }
        let place = stored.map { rules.kindKeys.firstIndex(of: $0) }
        let lost = stored.indices.filter { i in
            place[i] == nil && (value(career.kindCounts, i) != 0 || value(career.kindGrams, i) != 0
                || career.months.contains { value($0.kindCounts, i) != 0 } || state.items.contains { $0.kind.rawValue == i })
        }
        let inTheAir = lost.filter { i in state.items.contains { $0.kind.rawValue == i } }
        if !inTheAir.isEmpty {
            throw ProfileText.Problem("a game was left on with \(inTheAir.map { stored[$0] }.joined(separator: ", ")) in the air, "
                + lacking(inTheAir.map { stored[$0] }, rules: rules))
        }
        var foreign = ForeignKinds()
        foreign.keys = lost.map { stored[$0] }
        foreign.counts = lost.map { value(career.kindCounts, $0) }
        foreign.grams = lost.map { value(career.kindGrams, $0) }
        foreign.months = career.months.compactMap { m in
            let counts = lost.map { value(m.kindCounts, $0) }
            return counts.contains { $0 != 0 } ? ForeignKinds.Month(month: m.month, counts: counts) : nil
        }
        func moved(_ a: [Int]) -> [Int] {
            var out = [Int](repeating: 0, count: rules.kindCount)
            for i in a.indices { if let j = place[i] { out[j] = a[i] } }
            return out
        }
        state.career.kindCounts = moved(career.kindCounts)
        state.career.kindGrams = moved(career.kindGrams)
        for m in state.career.months.indices { state.career.months[m].kindCounts = moved(career.months[m].kindCounts) }
        for i in state.items.indices { state.items[i].kind = ItemKind(rawValue: place[state.items[i].kind.rawValue]!) }
        state.career.foldClosedMonths()
        return foreign
    }

    /// `state` (its figures in `kinds`' order) with `foreign`'s figures after them, and
    /// the kinds line that names them all: what a save writes, so the kinds set aside
    /// when the career was opened come back as they were.
    static func carrying(_ foreign: ForeignKinds, in state: GameState, kinds: [String]) -> (state: GameState, kinds: [String]) {
        guard !foreign.isEmpty else { return (state, kinds) }
        var s = state
        func extended(_ a: [Int], _ extra: [Int]) -> [Int] {
            a + [Int](repeating: 0, count: max(0, kinds.count - a.count)) + extra
        }
        s.career.kindCounts = extended(s.career.kindCounts, foreign.counts)
        s.career.kindGrams = extended(s.career.kindGrams, foreign.grams)
        for m in s.career.months.indices {
            let month = s.career.months[m].month
            let counts = foreign.months.first { $0.month == month }?.counts ?? [Int](repeating: 0, count: foreign.keys.count)
            s.career.months[m].kindCounts = extended(s.career.months[m].kindCounts, counts)
        }
        return (s, kinds + foreign.keys)
    }

    /// A profile without a `kinds` line (versions 1 to 4): its figures follow the
    /// balance's order, padded to its kinds; one with figures past the balance's
    /// kinds is refused (it was played with more kinds).
    static func fitByPosition(_ state: inout GameState, rules: Rules) throws(ProfileText.Problem) {
        let c = state.career
        let n = rules.kindCount
        func beyond(_ a: [Int]) -> Bool { a.count > n && a[n...].contains { $0 != 0 } }
        if beyond(c.kindCounts) || beyond(c.kindGrams) || c.months.contains(where: { beyond($0.kindCounts) })
            || state.items.contains(where: { $0.kind.rawValue >= n }) {
            let counted = max(c.kindCounts.count, c.kindGrams.count)
            throw ProfileText.Problem("the career has figures for \(counted) kinds; the balance lists \(n) "
                + "(\(rules.kindKeys.joined(separator: ", "))). Open it with the balance it was played with: --balance FILE")
        }
        func trimmed(_ a: [Int]) -> [Int] { a.count > n ? Array(a.prefix(n)) : a }
        state.career.kindCounts = trimmed(c.kindCounts)
        state.career.kindGrams = trimmed(c.kindGrams)
        for m in state.career.months.indices { state.career.months[m].kindCounts = trimmed(c.months[m].kindCounts) }
        StateEncoding.fitKinds(&state, count: n)
    }

    static func lacking(_ keys: [String], rules: Rules) -> String {
        "the career has figures for \(keys.joined(separator: ", ")), which the balance lacks (it lists "
            + "\(rules.kindKeys.joined(separator: ", "))). Open it with the balance it was played with: --balance FILE"
    }
}

/// The per-kind figures of kinds the balance that opened a career lacks (a mod's
/// kinds, opened without the mod): kept as read, by key, and saved back with the
/// career. Not shown: the balance has no name, sprite or impact for them.
public struct ForeignKinds: Equatable, Sendable {
    public struct Month: Equatable, Sendable {
        public var month: Int
        public var counts: [Int]
    }
    public var keys: [String] = []
    public var counts: [Int] = []
    public var grams: [Int] = []
    /// The lifetime months with any of them, by month number, counts in `keys`' order.
    public var months: [Month] = []

    public init() {}
    public var isEmpty: Bool { keys.isEmpty }
}
