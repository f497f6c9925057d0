import Testing
import OceanKernel

@Suite struct StateValidationTests {
    private let r = shippedRules

    @Test func everyStateThePlayProducesIsValid() {
        // Random play across sessions, skipped days, cards, a pet, games and breaks.
        for seed in UInt64(1)...4 {
            var sim = Simulation(rules: r, seed: seed)
            var inputs = RandomInputs(seed: seed)
            var day = CalendarDate(year: 2026, month: 12, day: 28).dayNumber
            for tick in 0..<12_000 {
                var input = inputs.next(sim.state)
                if tick % 1_500 == 0 {
                    day += 1 + Int(seed % 3) * (tick % 3_000 == 0 ? 1 : 0)
                    input.command = .beginSession(CalendarDate(dayNumber: day), minuteOfDay: (tick / 7) % 1_440)
                } else if tick == 3 {
                    input.command = .adopt(.dragon)
                } else if tick % 97 == 0 && sim.state.mode == .idle {
                    input.command = .study(card: tick % r.cardCount)
                }
                sim.step(input)
                let issues = sim.state.validate(rules: r)
                if !issues.isEmpty {
                    Issue.record("seed \(seed) tick \(sim.state.tick): \(issues)")
                    return
                }
            }
            #expect(sim.state.totals.games > 0)
        }
        #expect(GameState(rules: r, seed: 0).validate(rules: r).isEmpty)
    }

    @Test func outOfRangeFieldsAreNamed() {
        func fields(_ change: (inout GameState) -> Void) -> [String] {
            var s = GameState(rules: r, seed: 1)
            change(&s)
            return s.validate(rules: r).map(\.field)
        }
        #expect(fields { $0.career.today = Int.max }.contains("career.today"))
        #expect(fields { $0.career.today = Int.min }.contains("career.today"))
        #expect(fields { $0.tick = -1 } == ["tick"])
        #expect(fields { $0.tick = Int.max } == ["tick"])
        #expect(fields { $0.totals.score = Int.max } == ["totals.score"])
        #expect(fields { $0.health = Int.max } == ["health"])
        #expect(fields { $0.mode = .playing }.contains("round"), "playing in round 0")
        #expect(fields { $0.random = GameRandom(s0: 0, s1: 0, s2: 0, s3: 0) } == ["random"])
        #expect(fields { $0.items = [Item(x: 0, y: 0, vx: 0, vy: 0, ax: 0, kind: .cardboard)] }.contains("items.count"))
        #expect(fields { $0.career.pet.excitedUntil = 5 } == ["career.pet"], "nothing before adoption")
        #expect(fields { $0.career.weekDays[0] = 3 }.contains("career.weekDays[0]"), "a day without a session")

        var s = GameState(rules: r, seed: 1)
        s.career.today = Int.max
        #expect(s.validate(rules: r).first?.description
            == "state field career.today: 9223372036854775807 is out of range (never (\(CareerState.never)) or a day number from "
            + "\(CalendarDate.earliest.dayNumber) (0001-01-01) to \(CalendarDate.latest.dayNumber) (9999-12-31))")
        #expect(throws: StateFieldError.self) { try s.checkValid(rules: r) }
    }

    @Test func itemsAreCheckedAgainstTheRound() {
        var sim = playing(r, items: [Item(x: r.width / 2, y: 0, vx: 0, vy: 0, ax: Int32(r.swayAccel[0]), kind: .plasticBottle)],
                          binX: r.width / 2)
        sim.state.totals.games = 1
        #expect(sim.state.validate(rules: r).isEmpty)
        sim.state.items[0].y = r.waterLine
        sim.state.items[0].vy = Int32.max
        #expect(sim.state.validate(rules: r).map(\.field) == ["items[0].y", "items[0].vy"])
        sim.state.items[0].y = 0
        sim.state.items[0].vy = 0
        sim.state.round = 0
        #expect(sim.state.validate(rules: r).map(\.field).contains("round"))
    }

    @Test func theCalendarEndsAt9999() {
        #expect(CalendarDate.latest.isValid && CalendarDate.earliest.isValid)
        #expect(!CalendarDate(dayNumber: CalendarDate.latest.dayNumber + 1).isValid)
        // A session past the end is refused by the kernel; the front must not ask for one.
        var sim = Simulation(rules: r, seed: 1)
        sim.step(TickInput(command: .beginSession(CalendarDate.latest, minuteOfDay: 0)))
        sim.step(TickInput(command: .beginSession(CalendarDate(dayNumber: CalendarDate.latest.dayNumber + 1), minuteOfDay: 0)))
        #expect(sim.events.contains(.inputIgnored(.invalidSession)))
        #expect(sim.state.validate(rules: r).isEmpty)
    }
}
