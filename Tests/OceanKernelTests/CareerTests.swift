import Testing
@testable import OceanKernel
import KernelTestSupport

/// The shipped rules with a daily goal five bottle scans meet (the shipped goal is a
/// typical day's game), for tests of what the goal triggers.
let lowGoalRules: Rules = {
    var b = shippedBalance
    b.career.dailyGoalGrams = 5 * b.kinds[ItemKind.plasticBottle.rawValue].grams
    return Rules(b)
}()

/// A career driven by hand: each call is one tick with one command.
struct Career {
    var sim: Simulation
    var events: [Event] = []

    init(rules: Rules = shippedRules) { sim = Simulation(rules: rules, seed: 1) }

    var state: GameState { sim.state }
    var c: CareerState { sim.state.career }

    mutating func step(_ command: Command = .none, move: Move = .none) {
        sim.step(TickInput(move: move, command: command))
        events += sim.events
    }

    mutating func day(_ y: Int, _ m: Int, _ d: Int, at minute: Int = 12 * 60) {
        step(.beginSession(CalendarDate(year: y, month: m, day: d), minuteOfDay: minute))
    }

    mutating func scans(_ n: Int) { for _ in 0..<n { step(.scan(.plasticBottle)) } }

    /// Plays one whole game, catching what it can.
    mutating func game() {
        var collected: [Event] = []
        play(&sim, games: 1) { collected += $0.events }
        events += collected
    }

    /// Drains the collected events.
    mutating func take() -> [Event] {
        defer { events = [] }
        return events
    }
}

@Suite struct CalendarTests {
    @Test func dayNumbersAreConsecutiveAndRoundTrip() {
        var previous = CalendarDate(year: 1999, month: 12, day: 31).dayNumber
        #expect(CalendarDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        for n in (previous + 1)...(previous + 3_000) {
            let d = CalendarDate(dayNumber: n)
            #expect(d.isValid && d.dayNumber == n && n == previous + 1)
            previous = n
        }
        #expect(CalendarDate(year: 2024, month: 2, day: 29).isValid)
        #expect(!CalendarDate(year: 2026, month: 2, day: 29).isValid)
        #expect(!CalendarDate(year: 2100, month: 2, day: 29).isValid)
        #expect(CalendarDate(year: 2026, month: 3, day: 1).dayNumber - CalendarDate(year: 2026, month: 2, day: 28).dayNumber == 1)
    }
}

@Suite struct StreakTests {
    @Test func theSameDayTwiceCountsOnce() {
        var k = Career()
        k.day(2026, 1, 5)
        k.scans(1)
        k.day(2026, 1, 5, at: 20 * 60)
        k.scans(1)
        #expect(k.c.streak == 1)
        #expect(k.take().filter { if case .streakExtended = $0 { true } else { false } } == [.streakExtended(days: 1)])
        #expect(k.c.gramsToday == 2 * shippedRules.scanPlastic(.plasticBottle), "the same day keeps today's total")
    }

    @Test func consecutiveDaysExtendAndASkippedDayBreaks() {
        var k = Career()
        for d in 1...4 {
            k.day(2026, 1, d)
            k.scans(1)
        }
        #expect(k.c.streak == 4 && k.c.bestStreak == 4)
        _ = k.take()
        k.day(2026, 1, 6)  // the 5th had nothing
        #expect(k.take().contains(.streakBroken(days: 4)), "broken when the session shows the gap, not later")
        #expect(k.c.streak == 0)
        k.scans(1)
        #expect(k.c.streak == 1 && k.c.bestStreak == 4)
        #expect(k.take().contains(.streakExtended(days: 1)))
    }

    @Test func aSessionWithoutPlayDoesNotCountButDoesNotBreakToday() {
        var k = Career()
        k.day(2026, 1, 1); k.scans(1)
        k.day(2026, 1, 2)            // opened, nothing done
        #expect(k.c.streak == 1)
        k.day(2026, 1, 2, at: 23 * 60); k.scans(1)
        #expect(k.c.streak == 2)
    }

    @Test func aDateGoingBackIsReportedAndCorruptsNothing() {
        var k = Career()
        k.day(2026, 1, 10); k.scans(1)
        k.day(2026, 1, 11); k.scans(1)
        let before = k.c
        _ = k.take()
        k.day(2026, 1, 3)
        #expect(k.take() == [.dateWentBack(from: CalendarDate(year: 2026, month: 1, day: 11),
                                           to: CalendarDate(year: 2026, month: 1, day: 3))])
        #expect(k.c.today == before.today && k.c.streak == 2 && k.c.gramsToday == before.gramsToday)
        #expect(k.c.datesWentBack == 1)
        k.scans(1)
        #expect(k.c.streak == 2, "play after the clock went back counts on the kernel's current day")
        k.day(2026, 1, 12); k.scans(1)
        #expect(k.c.streak == 3)
    }

    @Test func invalidDatesAreIgnoredAndReported() {
        var k = Career()
        k.step(.beginSession(CalendarDate(year: 2026, month: 2, day: 30), minuteOfDay: 0))
        k.step(.beginSession(CalendarDate(year: 2026, month: 2, day: 3), minuteOfDay: 1_440))
        #expect(k.take() == [.inputIgnored(.invalidSession), .inputIgnored(.invalidSession)])
        #expect(!k.c.hasSession)
    }

    @Test func absenceCostsHealthOncePerMissedDay() {
        let r = shippedRules
        var k = Career()
        k.day(2026, 1, 1); k.scans(1)
        let h = k.state.health
        k.day(2026, 1, 5)   // the 2nd, 3rd and 4th were missed
        #expect(k.state.health == h - 3 * r.career.absenceHealthPerDay)
        k.day(2026, 1, 6)   // the 5th had a session but nothing played: one more day
        #expect(k.state.health == h - 4 * r.career.absenceHealthPerDay)
        k.day(2026, 1, 6, at: 18 * 60)
        #expect(k.state.health == h - 4 * r.career.absenceHealthPerDay, "the same day is not charged again")
        // Disabled with 0.
        var off = Career(rules: rules { $0.career.absenceHealthPerDay = 0 })
        off.day(2026, 1, 1); off.scans(1)
        let h0 = off.state.health
        off.day(2026, 3, 1)
        #expect(off.state.health == h0)
    }
}

@Suite struct ProgressTests {
    @Test func eachLevelTitleBound() {
        let r = shippedRules
        let bounds: [(Int, Title)] = [(1, .beachCleaner), (4, .shoreGuardian), (8, .reefProtector), (13, .oceanSteward),
                                      (19, .seaChampion), (26, .marineHero), (36, .oceanLegend), (50, .oceanMaster)]
        for (level, title) in bounds {
            #expect(r.title(forLevel: level) == title)
            if level > 1 { #expect(r.title(forLevel: level - 1).rawValue == title.rawValue - 1) }
        }
        #expect(r.level(forGrams: 0) == 1 && r.level(forGrams: 24) == 1 && r.level(forGrams: 25) == 2)
        // The growing curve: each level costs 90 % more than the one before, up to 640 g.
        var cost = 25
        for level in 2...r.career.maxLevel {
            #expect(r.levelFrom[level] - r.levelFrom[level - 1] == cost, "level \(level)")
            #expect(r.level(forGrams: r.levelFrom[level] - 1) == level - 1 && r.level(forGrams: r.levelFrom[level]) == level)
            cost = min(r.career.maxGramsPerLevel, cost * (100 + r.career.levelGrowthPercent) / 100)
        }
        #expect(Array(r.levelFrom[2...5]) == [25, 72, 161, 330])
        #expect(r.level(forGrams: 1_000_000) == 50)
        // Without growth (the rules before the curve): one level per 25 g.
        var linear = shippedBalance
        (linear.career.levelGrowthPercent, linear.career.maxGramsPerLevel) = (0, 0)
        #expect(Rules(linear).level(forGrams: 49 * 25) == 50 && Rules(linear).level(forGrams: 49 * 25 - 1) == 49)
    }

    @Test func levelsRiseOneEventPerLevel() {
        var k = Career()
        k.day(2026, 1, 1)
        k.scans(10)   // 90 g of bottles: levels 2 (25 g) and 3 (72 g)
        let ups = k.take().compactMap { if case .levelUp(let l, let t) = $0 { (l, t) } else { nil } }
        #expect(ups.map(\.0) == [2, 3])
        #expect(ups.allSatisfy { $0.1 == .beachCleaner })
        #expect(k.c.level == 3)
    }

    @Test func theDailyGoalIsReachedOncePerDay() {
        var k = Career(rules: lowGoalRules)
        k.day(2026, 1, 1)
        k.scans(4)
        #expect(!k.take().contains { if case .goalReached = $0 { true } else { false } })
        k.scans(1)   // the fifth bottle: 45 g
        #expect(k.take().contains(.goalReached(grams: 45)))
        k.scans(3)
        #expect(!k.take().contains { if case .goalReached = $0 { true } else { false } })
        k.day(2026, 1, 2)
        k.scans(5)
        #expect(k.take().contains(.goalReached(grams: 45)))
        #expect(k.c.goalDays == 2)
    }

    @Test func weeklyAndMonthlyTotals() {
        var k = Career()
        k.day(2026, 1, 30); k.scans(2)
        k.day(2026, 1, 31); k.scans(3)
        k.day(2026, 2, 1); k.scans(1)
        let g = shippedRules.scanPlastic(.plasticBottle)
        let jan = CalendarDate(year: 2026, month: 1, day: 1).monthNumber
        #expect(k.c.grams(inMonth: jan) == 5 * g)
        #expect(k.c.grams(inMonth: jan + 1) == 1 * g)
        #expect(k.c.grams(onDay: CalendarDate(year: 2026, month: 1, day: 30).dayNumber) == 2 * g)
        #expect(k.c.grams(onDay: k.c.today) == g)
        // A week later the oldest day's slot is reused; months are kept for life.
        k.day(2026, 2, 6); k.scans(1)
        #expect(k.c.grams(onDay: CalendarDate(year: 2026, month: 1, day: 30).dayNumber) == 0)
        #expect(k.c.grams(onDay: CalendarDate(year: 2026, month: 1, day: 31).dayNumber) == 3 * g)
        k.day(2027, 1, 3); k.scans(4)
        #expect(k.c.grams(inMonth: jan) == 5 * g)
        #expect(k.c.grams(inMonth: jan + 12) == 4 * g)
        #expect(k.c.months.map { [$0.month, $0.grams, $0.items] } == [[jan, 5 * g, 5], [jan + 1, 2 * g, 2], [jan + 12, 4 * g, 4]],
                "only months with plastic or items, oldest first")
        #expect(k.state.totals.grams == 11 * g, "lifetime keeps everything")
    }

    /// Replays recorded before the quiz (format 10 and older) `study` cards: one study
    /// a card a day, mastered on the `mastery_days`-th different day (3 shipped).
    @Test func studiedCardsOfOlderReplaysAreMasteredOnTheirLastDay() {
        var k = Career()
        k.step(.study(card: 3))
        #expect(k.take() == [.inputIgnored(.studyWithoutSession)])
        k.day(2026, 1, 1)
        k.step(.study(card: 3)); k.step(.study(card: 3))
        k.step(.study(card: 12))
        #expect(k.take().filter { if case .sessionBegan = $0 { false } else { true } }
                == [.cardStudied(card: 3, days: 1), .inputIgnored(.unknownCard)])
        k.day(2026, 1, 2)
        k.step(.study(card: 3))
        #expect(!k.take().contains(.cardMastered(card: 3)))
        k.day(2026, 1, 3)
        k.step(.study(card: 3))
        #expect(k.take().contains(.cardMastered(card: 3)))
        k.day(2026, 1, 4)
        k.step(.study(card: 3))
        #expect(!k.take().contains(.cardMastered(card: 3)), "mastered once")
        #expect(k.c.masteredCount == 1 && k.c.cardsStudied == 4)
    }
}

/// The quiz (GAME_RULES §3): a card is studied by answering its question, on a Leitner
/// schedule; a card is mastered by right answers on three different days.
@Suite struct QuizTests {
    private func answers(_ k: inout Career) -> [Event] {
        k.take().filter {
            switch $0 {
            case .cardAnswered, .cardMastered, .inputIgnored: true
            default: false
            }
        }
    }

    private func day(_ n: Int) -> Int { CalendarDate(year: 2026, month: 1, day: n).dayNumber }

    @Test func rightAnswersOnSpacedDaysMasterACard() {
        var k = Career()
        k.step(.answer(card: 5, right: true))
        #expect(k.take() == [.inputIgnored(.studyWithoutSession)], "no answer before the first session")
        k.day(2026, 1, 1)
        k.step(.answer(card: 5, right: true))
        k.step(.answer(card: 5, right: true))
        k.step(.answer(card: 12, right: true))
        #expect(answers(&k) == [.cardAnswered(card: 5, right: true, box: 1, dueDay: day(2)),
                                .inputIgnored(.cardNotDue), .inputIgnored(.unknownCard)],
                "one answer a card a day; the first right one waits first_review_days (1)")
        k.day(2026, 1, 2)
        k.step(.answer(card: 5, right: true))
        #expect(answers(&k) == [.cardAnswered(card: 5, right: true, box: 2, dueDay: day(4))], "the wait doubles")
        k.day(2026, 1, 3)
        k.step(.answer(card: 5, right: true))
        #expect(answers(&k) == [.inputIgnored(.cardNotDue)], "not due before its day")
        #expect(!Flashcards.isDue(5, k.c, today: day(3), rules: shippedRules) && Flashcards.isDue(5, k.c, today: day(4), rules: shippedRules))
        k.day(2026, 1, 4)
        k.step(.answer(card: 5, right: true))
        #expect(answers(&k) == [.cardAnswered(card: 5, right: true, box: 3, dueDay: Int.max), .cardMastered(card: 5)],
                "the third right answer, on a third day, masters it")
        k.day(2026, 1, 20)
        k.step(.answer(card: 5, right: false))
        #expect(answers(&k) == [.inputIgnored(.cardNotDue)], "a mastered card asks no more")
        #expect(k.c.masteredCount == 1 && k.c.cardsStudied == 3)
    }

    @Test func aWrongAnswerSendsTheCardBackToTheFirstBoxAndBringsItBackTheNextDay() {
        var k = Career()
        k.day(2026, 1, 1)
        k.step(.answer(card: 0, right: true))
        k.day(2026, 1, 2)
        k.step(.answer(card: 0, right: true))
        _ = k.take()
        k.day(2026, 1, 4)
        k.step(.answer(card: 0, right: false))
        #expect(answers(&k) == [.cardAnswered(card: 0, right: false, box: 0, dueDay: day(5))])
        k.day(2026, 1, 5)
        k.step(.answer(card: 0, right: true))
        #expect(answers(&k) == [.cardAnswered(card: 0, right: true, box: 1, dueDay: day(6))], "from the first box again")
        #expect(k.c.masteredCount == 0)
        #expect(k.c.cardsStudied == 3, "the career counts right answers, whatever the box")
    }

    @Test func onlyRightAnswersCountTowardAStudyChallenge() {
        var k = Career(challenges: [template(.daily, .cardsStudied, target: 2, grams: 10)])
        k.day(2026, 6, 1)
        k.step(.answer(card: 0, right: false))
        k.step(.answer(card: 1, right: false))
        k.step(.answer(card: 2, right: false))
        #expect(k.c.daily.progress == 0, "guessing wrong studies nothing")
        k.step(.answer(card: 3, right: true))
        #expect(k.c.daily.progress == 1)
        k.step(.answer(card: 4, right: true))
        #expect(k.c.daily.status == .completed)
    }

    @Test func theScheduleWaitsFollowTheBalance() {
        var b = BalanceAsCode.shipped
        b.career.firstReviewDays = 2
        b.career.reviewGrowthPercent = 300
        let rules = Rules(b)
        #expect([0, 1, 2, 3].map { Flashcards.wait(box: $0, rules: rules) } == [1, 2, 6, 18])
        b.career.reviewGrowthPercent = 1_000
        b.career.firstReviewDays = 365
        #expect(Flashcards.wait(box: 9, rules: Rules(b)) == 366, "at most a year and a day")
        #expect([0, 1, 2].map { Flashcards.wait(box: $0, rules: shippedRules) } == [1, 1, 2])
    }

    @Test func theCountOfStudiesIsKeptByTheEncodingAndDerivedForOlderOnes() throws {
        var k = Career()
        k.day(2026, 1, 1)
        for c in 0..<4 { k.step(.answer(card: c, right: c != 2)) }
        k.day(2026, 1, 2)
        k.step(.answer(card: 0, right: false))
        #expect(k.c.cardsStudied == 3 && k.c.cardDays.reduce(0, +) == 2)
        let now = try StateEncoding.decode(StateEncoding.encode(k.state))
        #expect(now.career.cardsStudied == 3)
        let older = try StateEncoding.decode(StateEncoding.encode(k.state, version: 10))
        #expect(older.career.cardsStudied == 2, "before encoding 11 a card's days were all its studies")
    }
}

@Suite struct AchievementTests {
    /// Runs `setup` and returns the achievements it unlocked, in order.
    private func unlocked(_ rules: Rules = shippedRules, _ setup: (inout Career) -> Void) -> [Achievement] {
        var k = Career(rules: rules)
        setup(&k)
        return k.take().compactMap { if case .achievementUnlocked(let a) = $0 { a } else { nil } }
    }

    @Test func eachAchievementUnlocksOnceByItsRule() {
        #expect(unlocked { k in k.day(2026, 1, 1); k.scans(1) } == [.firstStep])
        #expect(unlocked { k in k.day(2026, 1, 1); k.scans(3) } == [.firstStep], "once")
        let scholar = unlocked { k in
            k.day(2026, 1, 1); for c in 0..<12 { k.step(.study(card: c)) }
            k.day(2026, 1, 2); for c in 0..<12 { k.step(.study(card: c)) }
            k.day(2026, 1, 3); for c in 0..<12 { k.step(.study(card: c)) }
        }
        #expect(scholar == [.ecoScholar])
        let streaks = unlocked { k in for d in 1...8 { k.day(2026, 3, d); k.step(.start(.classic)); k.sim.state.mode = .idle } }
        #expect(streaks.filter { $0 == .reefDefender || $0 == .oceanSentinel } == [.reefDefender, .oceanSentinel])
        // A gentle game of trash only (the test's simple catcher neither dodges sea life
        // nor takes power-ups).
        var trashOnly = BalanceAsCode.gentle
        for i in trashOnly.kinds.indices where trashOnly.kinds[i].seaLife == 1 || trashOnly.kinds[i].powerUp != 0 {
            trashOnly.kinds[i].spawnWeight = 0
        }
        let gentle = Rules(trashOnly)
        let flawless = unlocked(gentle) { k in
            k.sim = Simulation(rules: gentle, seed: 3)
            k.day(2026, 1, 1, at: 9 * 60)
            k.game()
        }
        #expect(flawless.contains(.flawless) && flawless.contains(.comboMaster))
        // The ocean climbed to 80 % over earlier days: today's band starts there.
        #expect(unlocked { k in (k.sim.state.health, k.sim.state.healthDayStart) = (8_000, 8_000); k.scans(1) }
            .contains(.oceanHero))
        #expect(!unlocked { k in (k.sim.state.health, k.sim.state.healthDayStart) = (7_850, 7_850); k.scans(1) }
            .contains(.oceanHero), "8000 is not above 8000")
        let hauler = shippedRules.career.plasticHaulerGrams
        #expect(unlocked { k in k.sim.state.totals.grams = hauler - 5; k.scans(1) }.contains(.plasticHauler))
        let goals = unlocked(lowGoalRules) { k in for d in 1...5 { k.day(2026, 4, d); k.scans(5) } }
        #expect(goals.filter { $0 == .goalGetter }.count == 1)
        #expect(unlocked { k in k.day(2026, 1, 1, at: 7 * 60 + 59); k.step(.start(.classic)) }.contains(.earlyBird))
        #expect(!unlocked { k in k.day(2026, 1, 1, at: 8 * 60); k.step(.start(.classic)) }.contains(.earlyBird))
        #expect(Achievement.allCases.count == 10)
    }
}

@Suite struct PetTests {
    @Test func eachStageAtItsThreshold() {
        let r = shippedRules
        var k = Career()
        k.day(2026, 1, 1)
        k.step(.adopt(.dragon))
        #expect(k.c.pet.stage == .baby && k.c.pet.form == .dragon)
        var stages: [PetStage] = []
        for threshold in r.stageFrom.dropFirst() {
            // Plastic one scan short of the threshold, then one more scan crosses it.
            k.sim.state.totals.grams = threshold + k.c.pet.gramsAtAdoption - r.scanPlastic(.plasticBottle)
            #expect(k.c.pet.stage == r.stage(forGrams: k.state.totals.grams - k.c.pet.gramsAtAdoption))
            let before = k.c.pet.stage
            k.scans(1)
            #expect(k.c.pet.stage.rawValue == before.rawValue + 1)
            stages += k.take().compactMap { if case .petEvolved(let s) = $0 { s } else { nil } }
        }
        #expect(stages == [.child, .teen, .adult, .elder])
        #expect(r.stage(forGrams: 1_199) == .baby && r.stage(forGrams: 1_200) == .child && r.stage(forGrams: 38_000) == .elder)
        #expect(r.stage(forGrams: 37_999) == .adult)
    }

    @Test func adoptionHappensOnce() {
        var k = Career()
        k.step(.adopt(.cat))
        k.step(.adopt(.bird))
        #expect(k.take() == [.petAdopted(.cat), .inputIgnored(.alreadyAdopted)])
        #expect(k.c.pet.form == .cat)
    }

    @Test func eachMoodTransition() {
        let r = lowGoalRules
        var k = Career(rules: r)
        k.day(2026, 1, 1, at: 10 * 60)
        k.step(.adopt(.bunny))
        #expect(k.c.pet.mood == .happy)
        func moods() -> [PetMood] { k.take().compactMap { if case .petMoodChanged(_, let to) = $0 { to } else { nil } } }
        _ = moods()
        // Focused while a game is on; excited when the combo reaches pet.excited_combo.
        k.step(.start(.classic))
        #expect(moods() == [.focused])
        k.sim.state.game.combo = r.pet.excitedCombo - 1
        k.sim.state.totals.grams += 0
        // A catch: put an item right on the rim above the bin.
        let half = r.fall[0].halfSize
        k.sim.state.items = [Item(x: k.state.bin.x, y: r.rim - half - 1, vx: 0, vy: r.fall[0].terminalSpeed, ax: 0, kind: .plasticBottle)]
        k.step()
        #expect(k.state.game.combo == r.pet.excitedCombo)
        #expect(moods() == [.excited])
        for _ in 0..<r.excitedTicks { k.step() }
        #expect(moods() == [.focused], "excitement wears off while the game goes on")
        // Game over: happy again; idle for long: sleepy; input wakes it.
        k.sim.state.mode = .idle
        k.step()
        #expect(moods() == [.happy])
        for _ in 0..<r.sleepyIdleTicks { k.step() }
        #expect(moods() == [.sleepy])
        k.step(.none, move: .left)
        #expect(moods() == [.happy])
        // Late at night: sleepy; a daily goal met: happy for a while even at night.
        k.day(2026, 1, 1, at: 23 * 60)
        #expect(moods() == [.sleepy])
        k.sim.state.totals.grams = 5_000   // at the top level, so the scans below level nothing up
        k.sim.state.career.level = r.career.maxLevel
        k.sim.state.career.pet.gramsAtAdoption = 5_000
        k.scans(5)
        #expect(moods().first == .happy)
        for _ in 0..<r.happyTicks { k.step(.none, move: .left) }
        #expect(moods() == [.sleepy])
        // Days away: missing you, until the next game or scan.
        k.day(2026, 1, 1 + r.pet.missingYouDays + 1, at: 12 * 60)
        #expect(moods() == [.missingYou])
        k.scans(1)
        #expect(moods() == [.happy])
        // A level-up excites too.
        k.sim.state.totals.grams = 0
        k.sim.state.career.level = 1
        k.scans(2)   // 18 g
        _ = moods()
        k.scans(1)   // 27 g: level 2
        #expect(moods() == [.excited])
    }

    @Test func sceneFollowsTimeAndActivity() {
        let r = shippedRules
        var k = Career()
        #expect(k.state.petScene(rules: r) == .indoor)
        k.day(2026, 1, 1, at: 9 * 60)
        #expect(k.state.petScene(rules: r) == .outdoor)
        k.day(2026, 1, 1, at: 19 * 60)
        #expect(k.state.petScene(rules: r) == .indoor)
        k.day(2026, 1, 1, at: 23 * 60)
        #expect(k.state.petScene(rules: r) == .night)
        k.step(.start(.classic))
        #expect(k.state.petScene(rules: r) == .work)
        // Time passes with game time: 60 minutes of ticks move the clock an hour.
        k.sim.state.mode = .idle
        k.day(2026, 1, 2, at: 7 * 60 + 30)
        for _ in 0..<(30 * 60 * 60) { k.sim.step(.idle) }
        #expect(k.state.minuteOfDay == 8 * 60)
        #expect(k.state.petScene(rules: r) == .outdoor)
    }
}
