import Testing
import KernelTestSupport
@testable import OceanKernel

/// The shipped balance with the whole day's rise cap open all day, the same at every
/// health (as before the ocean answered the day's play, GAME_RULES §2): these tests
/// are of the band's mechanics; `DayHealingTests` has the cap that follows the play.
private let wholeDayBalance: Balance = {
    var b = BalanceAsCode.shipped
    (b.health.riseOpenPercent, b.health.riseOpensFromPercent, b.health.riseCapDropPercent) = (100, 0, 0)
    b.health.dailyRiseCap = 375
    return b
}()
private let wholeDayRules = Rules(wholeDayBalance)

/// The shipped rules without the daily caps and the daily scan limit: every event
/// counts, as a whole ocean's climb and fall in one sitting needs.
private let uncappedRules: Rules = {
    var b = wholeDayBalance
    (b.health.dailyRiseCap, b.health.dailyFallCap) = (Rules.fullHealth, Rules.fullHealth)
    b.career.scansPerDay = 0
    return Rules(b)
}()

/// The rules before the day's cap held its net (replay formats before 7): each event
/// clamped as it came.
private let inOrderRules: Rules = {
    var b = wholeDayBalance
    b.health.dailyCapOnSum = 0
    return Rules(b)
}()

@Suite struct OceanHealthTests {
    /// Health after `outcomes` from `health`, on a day that began at `dayStart`
    /// (by default `health` itself).
    private func apply(_ outcomes: [Outcome], from health: Int, dayStart: Int? = nil,
                       rules r: Rules = wholeDayRules) -> (Int, [Event]) {
        var s = GameState(rules: r, seed: 1)
        s.health = health
        s.healthDayStart = dayStart ?? health
        var events: [Event] = []
        var log = TickLog()
        log.outcomes = outcomes
        HealthSystem.run(&s, log: log, rules: r, events: &events)
        return (s.health, events)
    }

    @Test func eachEffectMovesHealthByItsConstant() {
        let r = wholeDayRules
        #expect(apply([.caught(.plasticBag, x: 0)], from: 5_000).0 == 5_000 + r.healthPerCatch)
        #expect(apply([.missed(.plasticBag, x: 0)], from: 5_000).0 == 5_000 - r.healthPerMiss)
        #expect(apply([.scanned(.plasticBag)], from: 5_000).0 == 5_000 + r.healthPerScan)
        #expect(r.healthPerCatch == 200 && r.healthPerMiss == 100 && r.healthPerScan == 150,
                "the shipped defaults are +0.020, -0.010 and +0.015")
    }

    @Test func healthClampsAtZeroAndOne() {
        let r = wholeDayRules
        #expect(apply([.caught(.plasticBag, x: 0)], from: Rules.fullHealth - 1).0 == Rules.fullHealth)
        #expect(apply([.missed(.plasticBag, x: 0)], from: 1).0 == 0)
        // The day's net (+2 % −1 %) moves health, in either order, within [0, full].
        #expect(apply([.caught(.cardboard, x: 0), .missed(.cardboard, x: 0)], from: Rules.fullHealth).0 == Rules.fullHealth)
        #expect(apply([.missed(.cardboard, x: 0), .caught(.cardboard, x: 0)], from: Rules.fullHealth).0 == Rules.fullHealth)
        #expect(apply([.missed(.cardboard, x: 0), .caught(.cardboard, x: 0)], from: 0).0 == r.healthPerCatch - r.healthPerMiss)
        #expect(apply([.caught(.cardboard, x: 0), .missed(.cardboard, x: 0)], from: 0).0 == r.healthPerCatch - r.healthPerMiss)
        // Clamped after every effect, in order, under the older rules: full, then a miss.
        #expect(apply([.caught(.cardboard, x: 0), .missed(.cardboard, x: 0)], from: Rules.fullHealth, rules: inOrderRules).0
                == Rules.fullHealth - r.healthPerMiss)
        #expect(apply([.missed(.cardboard, x: 0), .caught(.cardboard, x: 0)], from: 0, rules: inOrderRules).0 == r.healthPerCatch)
        // Nothing changes at the bound: no event.
        #expect(apply([.missed(.cardboard, x: 0)], from: 0).1.isEmpty)
        #expect(apply([.caught(.cardboard, x: 0)], from: Rules.fullHealth).1.isEmpty)
    }

    @Test func aDaysPlayMovesHealthOnlyWithinItsCaps() {
        let r = wholeDayRules
        #expect(r.dailyRiseCap == 375 && r.dailyFallCap == 200 && r.dailyCapOnSum,
                "these caps: +3.75 % and −2 % a day, on the day's net")
        let catches = [Outcome](repeating: .caught(.plasticBottle, x: 0), count: 10)
        // Ten catches would be +20 %: the day stops at +3.75 %, with scans too.
        #expect(apply(catches, from: 3_000).0 == 3_000 + r.dailyRiseCap)
        #expect(apply(catches + [.scanned(.cardboard)], from: 3_000).0 == 3_000 + r.dailyRiseCap)
        // A miss after the ceiling comes off the day's net (+20 %), not off the ceiling.
        #expect(apply(catches + [.missed(.cardboard, x: 0)], from: 3_000).0 == 3_000 + r.dailyRiseCap)
        let misses = [Outcome](repeating: .missed(.plasticBottle, x: 0), count: 10)
        #expect(apply(misses, from: 3_000).0 == 3_000 - r.dailyFallCap)
        // A catch always counts: after the floor, three catches lift the net from −10 % to −4 %.
        #expect(apply(misses + Array(catches.prefix(3)), from: 3_000).0 == 3_000 - r.dailyFallCap)
        #expect(apply(misses + catches, from: 3_000).0 == 3_000 + min(r.dailyRiseCap, 10 * (r.healthPerCatch - r.healthPerMiss)))
        // A new day: absence is charged first, then the band starts from there.
        let (h, _) = apply([.absent(days: 2), .dayBegan] + catches, from: 3_000, dayStart: 2_000)
        #expect(h == 3_000 - 2 * r.career.absenceHealthPerDay + r.dailyRiseCap)
        // With both caps at full health, every event counts (the rules before the caps).
        #expect(apply(catches, from: 3_000, rules: uncappedRules).0 == 3_000 + 10 * r.healthPerCatch)
    }

    /// GAME_RULES §2: the day's events add up, whatever their order.
    @Test func theSameEventsInAnyOrderEndTheDayAtTheSameHealth() {
        var events: [Outcome] = []
        for i in 0..<40 { events.append(i % 3 == 0 ? .missed(.plasticBag, x: 0) : i % 7 == 0 ? .scanned(.cardboard) : .caught(.plasticBottle, x: 0)) }
        let sorted = events.sorted { a, _ in if case .missed = a { true } else { false } }  // every miss first
        var shuffled = events
        var random = GameRandom(seed: 5)
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, random.below(i + 1)) }
        for start in [0, 2_150, 6_000, 9_900] {
            let ends = [events, events.reversed(), sorted, shuffled].map { apply($0, from: start).0 }
            #expect(Set(ends).count == 1, "from \(start): \(ends)")
        }
        // Under the older rules the order mattered: misses last lose more than misses first.
        #expect(apply(events.sorted { a, _ in if case .missed = a { false } else { true } }, from: 3_000, rules: inOrderRules).0
                != apply(sorted, from: 3_000, rules: inOrderRules).0)
    }

    @Test func theDaysBandFollowsTheCalendar() {
        let r = wholeDayRules
        var sim = Simulation(rules: r, seed: 1)
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 1), minuteOfDay: 600)))
        for _ in 0..<10 { sim.step(TickInput(command: .scan(.plasticBottle))) }
        #expect(sim.state.health == r.healthStart + r.dailyRiseCap, "ten scans, one day: the cap")
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 1), minuteOfDay: 900)))
        sim.step(TickInput(command: .scan(.plasticBottle)))
        #expect(sim.state.health == r.healthStart + r.dailyRiseCap, "the same day again: still capped")
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 2), minuteOfDay: 600)))
        #expect(sim.state.healthDayStart == r.healthStart + r.dailyRiseCap)
        for _ in 0..<10 { sim.step(TickInput(command: .scan(.plasticBottle))) }
        #expect(sim.state.health == r.healthStart + 2 * r.dailyRiseCap, "the next day: another cap's worth")
    }

    /// When today's healing is full, once, the kernel says so: at once outside a game
    /// (a scan), at the game's end during one (`DayHealingTests`).
    @Test func aFullDaysHealingIsAnnouncedOnce() {
        let catches = [Outcome](repeating: .caught(.plasticBottle, x: 0), count: 10)
        #expect(apply(catches, from: 3_000).1.contains(.healedAllToday))
        #expect(!apply([.caught(.plasticBottle, x: 0)], from: 3_000).1.contains(.healedAllToday))
        #expect(!apply(catches, from: 3_000, rules: uncappedRules).1.contains(.healedAllToday), "no cap, nothing to announce")
    }

    @Test func oneHealthEventPerTickWithTheNetChange() {
        let (h, events) = apply([.caught(.cardboard, x: 0), .caught(.cardboard, x: 0), .missed(.cardboard, x: 0)], from: 3_000)
        #expect(events == [.healthChanged(from: 3_000, to: h)])
        #expect(h == 3_000 + 2 * 200 - 100)
    }

    @Test func eachPhaseStartsAtItsBound() {
        let r = wholeDayRules
        let floors = [(Phase.polluted, 0), (.stabilizing, 2_500), (.recovering, 4_500),
                      (.flourishing, 6_500), (.thriving, 8_000)]
        for (phase, floor) in floors {
            #expect(r.phaseFloor[phase.rawValue] == floor)
            #expect(r.phase(forHealth: floor) == phase)
            #expect(PhaseSystem.phase(after: .polluted, health: floor, rules: r) == phase, "rising into \(phase)")
            if floor > 0 {
                #expect(r.phase(forHealth: floor - 1).rawValue == phase.rawValue - 1)
                #expect(PhaseSystem.phase(after: .polluted, health: floor - 1, rules: r).rawValue == phase.rawValue - 1)
            }
        }
        #expect(r.phase(forHealth: Rules.fullHealth) == .thriving)
    }

    @Test func fallingOutOfAPhaseNeedsTheHysteresisMargin() {
        let r = wholeDayRules
        for phase in Phase.allCases.dropFirst() {
            let floor = r.phaseFloor[phase.rawValue]
            #expect(PhaseSystem.phase(after: phase, health: floor - 1, rules: r) == phase)
            #expect(PhaseSystem.phase(after: phase, health: floor - r.hysteresis, rules: r) == phase)
            #expect(PhaseSystem.phase(after: phase, health: floor - r.hysteresis - 1, rules: r).rawValue
                    == phase.rawValue - 1)
        }
    }

    @Test func healthJitteringOnABoundDoesNotFlicker() {
        let r = wholeDayRules
        var s = GameState(rules: r, seed: 1)
        s.health = 4_400
        s.phase = r.phase(forHealth: s.health)
        var events: [Event] = []
        let pattern = [4_500, 4_499, 4_400, 4_500, 4_360, 4_501, 4_351, 4_500]
        for h in pattern {
            s.health = h
            PhaseSystem.run(&s, rules: r, events: &events)
        }
        #expect(events == [.phaseChanged(from: .stabilizing, to: .recovering)])
        s.health = 4_500 - r.hysteresis - 1
        PhaseSystem.run(&s, rules: r, events: &events)
        #expect(events.last == .phaseChanged(from: .recovering, to: .stabilizing))
    }

    @Test func onePhaseEventPerTransitionOverAWholeClimbAndFall() {
        let r = uncappedRules
        var sim = Simulation(rules: r, seed: 1)
        sim.state.health = 0
        sim.state.healthDayStart = 0
        sim.state.phase = .polluted
        var changes: [Event] = []
        for _ in 0..<(Rules.fullHealth / r.healthPerScan + 1) {
            sim.step(TickInput(command: .scan(.plasticBottle)))
            changes += sim.events.filter { if case .phaseChanged = $0 { true } else { false } }
        }
        #expect(changes == [
            .phaseChanged(from: .polluted, to: .stabilizing), .phaseChanged(from: .stabilizing, to: .recovering),
            .phaseChanged(from: .recovering, to: .flourishing), .phaseChanged(from: .flourishing, to: .thriving),
        ])
        #expect(sim.state.health == Rules.fullHealth)
        // Misses bring it back down: a game where nobody moves.
        changes = []
        play(&sim, games: 8, .idle) { sim in
            changes += sim.events.filter { if case .phaseChanged = $0 { true } else { false } }
        }
        var phase = Phase.thriving
        for case .phaseChanged(let from, let to) in changes {
            #expect(from == phase && abs(to.rawValue - from.rawValue) == 1)
            phase = to
        }
        #expect(sim.state.phase == phase)
        #expect(phase < .thriving)
    }
}
