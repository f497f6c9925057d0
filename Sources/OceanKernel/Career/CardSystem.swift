/// Flashcards. Since the quiz (replay format 11) a card is studied by answering its
/// question, on the Leitner schedule of `Flashcards`: one answer a card a day, when
/// the card is due; a right answer moves it up a box, a wrong one back to the first;
/// the last box masters it. Replays recorded before the quiz `study` cards instead: one
/// study a card a calendar day, mastered once studied on `career.mastery_days` days.
/// Both keep the career's lifetime count of studies (`CareerState.cardsStudied`).
enum CardSystem {
    static func run(_ command: Command, _ s: inout GameState, rules: Rules, log: inout TickLog, events: inout [Event]) {
        switch command {
        case .study(let card):
            guard accepts(card, s, rules: rules, events: &events) else { return }
            guard s.career.cardLastDay[card] != s.career.today else { return }
            s.career.cardLastDay[card] = s.career.today
            s.career.cardDays[card] += 1
            studied(&s, log: &log)
            events.append(.cardStudied(card: card, days: s.career.cardDays[card]))
            if masters(card, &s, rules: rules) { events.append(.cardMastered(card: card)) }
        case .answer(let card, let right):
            guard accepts(card, s, rules: rules, events: &events) else { return }
            guard Flashcards.isDue(card, s.career, today: s.career.today, rules: rules) else {
                events.append(.inputIgnored(.cardNotDue))
                return
            }
            s.career.cardLastDay[card] = s.career.today
            s.career.cardDays[card] = right ? s.career.cardDays[card] + 1 : 0
            if right { studied(&s, log: &log) }
            let mastered = masters(card, &s, rules: rules)
            events.append(.cardAnswered(card: card, right: right, box: s.career.cardDays[card],
                                        dueDay: Flashcards.dueDay(card, s.career, rules: rules)))
            if mastered { events.append(.cardMastered(card: card)) }
        default:
            return
        }
    }

    private static func accepts(_ card: Int, _ s: borrowing GameState, rules: Rules, events: inout [Event]) -> Bool {
        guard (0..<rules.cardCount).contains(card) else {
            events.append(.inputIgnored(.unknownCard))
            return false
        }
        guard s.career.hasSession else {
            events.append(.inputIgnored(.studyWithoutSession))
            return false
        }
        return true
    }

    /// A study that counts: toward the challenges and the lifetime count.
    private static func studied(_ s: inout GameState, log: inout TickLog) {
        s.career.cardsStudied += 1
        log.studied = true
    }

    /// Masters card `card` if its box has reached the last; true if it just did.
    private static func masters(_ card: Int, _ s: inout GameState, rules: Rules) -> Bool {
        let bit = 1 << card
        guard s.career.cardDays[card] >= rules.career.masteryDays && s.career.masteredCards & bit == 0 else { return false }
        s.career.masteredCards |= bit
        return true
    }
}
