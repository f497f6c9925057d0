/// Flashcard study: a card counts one study per calendar day, and is mastered once
/// studied on `career.mastery_days` different days.
enum CardSystem {
    static func run(_ command: Command, _ s: inout GameState, rules: Rules, log: inout TickLog, events: inout [Event]) {
        guard case .study(let card) = command else { return }
        guard (0..<Flashcards.count).contains(card) else {
            events.append(.inputIgnored(.unknownCard))
            return
        }
        guard s.career.hasSession else {
            events.append(.inputIgnored(.studyWithoutSession))
            return
        }
        guard s.career.cardLastDay[card] != s.career.today else { return }
        s.career.cardLastDay[card] = s.career.today
        s.career.cardDays[card] += 1
        log.studied = true
        events.append(.cardStudied(card: card, days: s.career.cardDays[card]))
        let bit = 1 << card
        if s.career.cardDays[card] >= rules.career.masteryDays && s.career.masteredCards & bit == 0 {
            s.career.masteredCards |= bit
            events.append(.cardMastered(card: card))
        }
    }
}
