import OceanKernel

/// A saved career's quiz progress (each card's last answer day and Leitner box, the
/// mastered cards) matched to the rules' cards by key, as `ProfileKinds` matches the
/// kinds: a card listed elsewhere keeps its progress, a card added starts unseen, and
/// a career with progress on a card the rules lack is refused by name (dropping it
/// would lose the player's answers).
enum ProfileCards {
    /// Re-orders `state`'s per-card progress from the profile's cards (`stored`) to
    /// `rules`' cards.
    static func fit(_ state: inout GameState, stored: [String], rules: Rules) throws(ProfileText.Problem) {
        var c = state.career
        // An encoding from before the career (version 1) holds no cards: none answered.
        if c.cardLastDay.isEmpty && c.cardDays.isEmpty && c.masteredCards == 0 {
            c.cardLastDay = [Int](repeating: CareerState.never, count: stored.count)
            c.cardDays = [Int](repeating: 0, count: stored.count)
            state.career = c
        }
        guard c.cardLastDay.count == stored.count, c.cardDays.count == stored.count,
              c.masteredCards >= 0, c.masteredCards >> stored.count == 0 else {
            throw ProfileText.Problem("cards: the state has progress on \(c.cardLastDay.count) cards; the profile names \(stored.count)")
        }
        guard stored != rules.cardKeys else { return }
        let place = stored.map { rules.cardKeys.firstIndex(of: $0) }
        let lost = stored.indices.filter { place[$0] == nil && (c.cardLastDay[$0] != CareerState.never || c.cardDays[$0] != 0) }
        if !lost.isEmpty {
            throw ProfileText.Problem("the career has answers on the cards \(lost.map { stored[$0] }.joined(separator: ", ")), "
                + "which the card file lacks (it lists \(rules.cardKeys.joined(separator: ", "))). "
                + "Open it with the cards it was played with (assets/content/flashcards.toml)")
        }
        var lastDay = [Int](repeating: CareerState.never, count: rules.cardCount)
        var days = [Int](repeating: 0, count: rules.cardCount)
        var mastered = 0
        for (i, j) in place.enumerated() {
            guard let j else { continue }
            lastDay[j] = c.cardLastDay[i]
            days[j] = c.cardDays[i]
            if c.masteredCards & (1 << i) != 0 { mastered |= 1 << j }
        }
        state.career.cardLastDay = lastDay
        state.career.cardDays = days
        state.career.masteredCards = mastered
    }
}
