/// Carries out the tick's one-off command.
enum CommandSystem {
    static func run(_ command: Command, _ s: inout GameState, rules: Rules,
                    events: inout [Event], outcomes: inout [Outcome]) {
        switch command {
        case .none:
            break
        case .startGame:
            guard s.mode == .idle else { return }
            s.totals.games += 1
            s.game = GameTally()
            events.append(.gameStarted(game: s.totals.games))
            RoundSystem.start(round: 1, &s, rules: rules, events: &events)
        case .scan(let kind):
            outcomes.append(.scanned(kind))
        case .beginSession(let date, let minute):
            SessionSystem.begin(date: date, minute: minute, &s, rules: rules, events: &events, outcomes: &outcomes)
        case .study(let card):
            CardSystem.study(card: card, &s, rules: rules, events: &events)
        case .adopt(let form):
            PetSystem.adopt(form, &s, events: &events)
        }
    }
}
