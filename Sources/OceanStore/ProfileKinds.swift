import OceanKernel

/// A saved career's per-kind figures (lifetime catches and grams, each month's
/// catches, the items in the air) matched to a balance's kinds: by key when the
/// profile names its kinds (version 5), by position before. A career never changes
/// meaning with the balance that opens it: a kind listed elsewhere keeps its figures, a
/// kind added starts at zero, and a career with figures of a kind the balance lacks
/// is refused by name (dropping them would lose the player's catches; keeping them
/// under another kind would relabel them).
enum ProfileKinds {
    /// Re-orders `state`'s per-kind figures from the profile's kinds (`stored`) to
    /// `rules`' kinds.
    static func fit(_ state: inout GameState, stored: [String], rules: Rules) throws(ProfileText.Problem) {
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
        if !lost.isEmpty {
            throw ProfileText.Problem(lacking(lost.map { stored[$0] }, rules: rules))
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
