import Testing
import OceanKernel

/// Rules from the shipped balance with this challenge table.
func rules(challenges: [ChallengeTemplate], _ change: (inout Balance) -> Void = { _ in }) -> Rules {
    rules { b in
        b.challenges = challenges
        change(&b)
    }
}

/// A daily (or weekly) template counting `metric` toward `target` at every level.
func template(_ period: ChallengePeriod, _ metric: ChallengeMetric, target: Int, grams: Int = 0, health: Int = 0,
              fromLevel: Int = 1, key: String? = nil) -> ChallengeTemplate {
    ChallengeTemplate(key: key ?? "\(period.key).\(metric.key)", period: period, metric: metric, targetAtLevel1: target,
                      targetAtTopLevel: target, fromLevel: fromLevel, rewardGrams: grams, rewardHealth: health)
}

/// A table of six daily and three weekly templates, like the shipped one.
let variedTable: [ChallengeTemplate] = [
    template(.daily, .catches, target: 30), template(.daily, .bestCombo, target: 10),
    template(.daily, .plasticGrams, target: 30), template(.daily, .scans, target: 2),
    template(.daily, .cardsStudied, target: 2), template(.daily, .score, target: 800),
    template(.weekly, .goalDays, target: 4), template(.weekly, .catches, target: 150), template(.weekly, .activeDays, target: 5),
]

extension Career {
    init(challenges: [ChallengeTemplate], seed: UInt64 = 1) {
        self.init(rules: rules(challenges: challenges))
        sim = Simulation(rules: sim.rules, seed: seed)
    }

    var issued: [Challenge] { events.compactMap { if case .challengeIssued(let c) = $0 { c } else { nil } } }
    var completed: [Challenge] { events.compactMap { if case .challengeCompleted(let c) = $0 { c } else { nil } } }
    var failed: [Challenge] { events.compactMap { if case .challengeFailed(let c) = $0 { c } else { nil } } }
}

@Suite struct ChallengeDrawTests {
    @Test func theSameDateAndSeedDrawTheSameChallengeAndDatesVary() {
        let r = rules(challenges: variedTable)
        let start = CalendarDate(year: 2026, month: 3, day: 2).dayNumber
        var templates: [Int] = []
        for day in start..<(start + 60) {
            let a = ChallengeDraw.draw(.daily, number: day, level: 7, seed: 42, previousTemplate: -1, rules: r)
            let b = ChallengeDraw.draw(.daily, number: day, level: 7, seed: 42, previousTemplate: -1, rules: r)
            #expect(a == b)
            #expect(a.exists && a.period == .daily && a.number == day && a.status == .notStarted && a.progress == 0)
            templates.append(a.template)
        }
        #expect(Set(templates).count == 6, "60 days draw every daily template: \(templates)")
        let other = (start..<(start + 60)).map {
            ChallengeDraw.draw(.daily, number: $0, level: 7, seed: 43, previousTemplate: -1, rules: r).template
        }
        #expect(other != templates, "another career draws other challenges")
    }

    @Test func twoCareersWithOneSeedGetTheSameChallengesAndTheGameStreamIsUntouched() {
        var a = Career(challenges: variedTable, seed: 9), b = Career(challenges: variedTable, seed: 9)
        for d in 1...20 {
            let before = a.state.random
            a.day(2026, 4, d)
            #expect(a.state.random == before, "drawing never touches the gameplay stream")
            b.day(2026, 4, d)
            a.scans(1); b.scans(1)
        }
        #expect(a.issued == b.issued && a.issued.count == 20 + 4, "a daily each day, a weekly each week begun (Wed Apr 1, 6, 13, 20)")
        #expect(a.c.seed == ChallengeDraw.careerSeed(from: 9))
        // Never the same template two days running while another is allowed.
        let daily = a.issued.filter { $0.period == .daily }.map(\.template)
        #expect(zip(daily, daily.dropFirst()).allSatisfy { $0 != $1 }, "\(daily)")
    }

    @Test func targetsFollowTheLevelInSteps() {
        let t = ChallengeTemplate(key: "daily.c", period: .daily, metric: .catches, targetAtLevel1: 30,
                                  targetAtTopLevel: 55, step: 5)
        #expect(t.target(atLevel: 1, maxLevel: 50) == 30)
        #expect(t.target(atLevel: 50, maxLevel: 50) == 55)
        #expect(t.target(atLevel: 25, maxLevel: 50) == 40)  // 30 + 25 × 24 / 49 = 42 → 40
        #expect(t.target(atLevel: 99, maxLevel: 50) == 55)
    }

    @Test func aTemplateWaitsForItsLevel() {
        let r = rules(challenges: [template(.daily, .perfectGames, target: 1, fromLevel: 10)])
        #expect(!ChallengeDraw.draw(.daily, number: 100, level: 9, seed: 1, previousTemplate: -1, rules: r).exists)
        #expect(ChallengeDraw.draw(.daily, number: 100, level: 10, seed: 1, previousTemplate: -1, rules: r).exists)
    }

    @Test func weeksBeginOnMonday() {
        let monday = CalendarDate(year: 2026, month: 11, day: 23).dayNumber
        #expect(ChallengeDraw.week(ofDay: monday) == ChallengeDraw.week(ofDay: monday + 6))
        #expect(ChallengeDraw.week(ofDay: monday) == ChallengeDraw.week(ofDay: monday - 1) + 1)
        #expect(ChallengeDraw.firstDay(ofWeek: ChallengeDraw.week(ofDay: monday + 3)) == monday)
        let old = CalendarDate(year: 1900, month: 1, day: 1).dayNumber  // a Monday, before day 0
        #expect(ChallengeDraw.firstDay(ofWeek: ChallengeDraw.week(ofDay: old + 2)) == old)
    }
}

@Suite struct ChallengeCountingTests {
    /// Every metric counts, within its day (week), what its lifetime figure gained in
    /// it; the best combo counts the day's longest. One career of days with games,
    /// scans and study, run once per metric with only that template (out of reach, so
    /// it never completes).
    @Test(arguments: ChallengeMetric.allCases)
    func everyMetricCountsWhatItsDayDid(metric: ChallengeMetric) {
        let period: ChallengePeriod = metric.isPerDay ? .weekly : .daily
        var k = Career(challenges: [template(period, metric, target: 1_000_000)])
        var startOfPeriod = 0
        var bestComboToday = 0
        for d in 0..<9 {
            let date = CalendarDate(year: 2026, month: 6, day: 1 + d)  // Mon 1 June to Tue 9 June
            k.day(date.year, date.month, date.day)
            if period == .daily || k.c.weekly.number != ChallengeDraw.week(ofDay: date.dayNumber - 1) || d == 0 {
                startOfPeriod = k.state.lifetime(metric)
                bestComboToday = 0
            }
            if d % 3 != 2 {
                k.game()
                bestComboToday = max(bestComboToday, k.state.game.bestCombo)
            }
            k.scans(d % 4)
            k.step(.study(card: d % 12)); k.step(.study(card: d % 12)); k.step(.study(card: (d + 1) % 12))
            if d == 4 { k.step(.start(.classic)); for _ in 0..<200 { k.step() } }  // a game left unfinished counts no game
            let c = period == .daily ? k.c.daily : k.c.weekly
            let expected = metric == .bestCombo ? bestComboToday : k.state.lifetime(metric) - startOfPeriod
            #expect(c.progress == expected, "\(metric.key) on day \(d)")
            #expect(c.status == (expected == 0 ? .notStarted : .inProgress))
            if d == 4 { play(&k.sim, games: 0) }
            while k.state.mode != .idle { k.step() }
        }
    }

    @Test func quartersAreReported() {
        var k = Career(challenges: [template(.daily, .scans, target: 8)])
        k.day(2026, 6, 1)
        k.scans(7)
        let quarters = k.events.compactMap { if case .challengeProgressed(_, let p, let t) = $0 { "\(p)/\(t)" } else { nil } }
        #expect(quarters == ["2/8", "4/8", "6/8"])
    }
}

@Suite struct ChallengeOutcomeTests {
    @Test func completionRewardsOnceAndOnlyOnce() {
        var k = Career(challenges: [template(.daily, .scans, target: 3, grams: 30, health: 50)])
        k.day(2026, 6, 1)
        k.scans(2)
        #expect(k.c.daily.status == .inProgress && k.c.bonusGrams == 0)
        let health = k.state.health
        k.scans(1)
        #expect(k.c.daily.status == .completed && k.c.daily.progress == 3)
        #expect(k.completed.count == 1 && k.c.challengesCompleted == 1)
        #expect(k.c.bonusGrams == 30, "reward grams go toward the level")
        let bottle = shippedRules.scanPlastic(.plasticBottle)
        #expect(k.state.totals.grams == 3 * bottle, "and are not plastic")
        #expect(k.c.level == shippedRules.level(forGrams: 3 * bottle + 30))
        // The reward comes on top of the day's cap (health.rewards_over_cap).
        let cap = shippedRules.riseCap(dayStart: k.state.healthDayStart, plasticToday: k.c.gramsToday) + 50
        #expect(k.state.health == min(k.state.healthDayStart + cap, health + shippedRules.healthPerScan + 50))
        k.scans(5)
        #expect(k.completed.count == 1 && k.c.bonusGrams == 30 && k.c.challengesCompleted == 1, "never twice")
        k.day(2026, 6, 1, at: 22 * 60)
        #expect(k.completed.count == 1 && k.failed.isEmpty, "the same day again changes nothing")
        k.day(2026, 6, 2)
        #expect(k.failed.isEmpty, "a completed challenge does not fail when its day ends")
    }

    @Test func aRewardOfHealthComesOnTopOfTheDaysRiseCapOrWithinItUnderOlderRules() {
        for overCap in [1, 0] {
            let r = rules(challenges: [template(.daily, .scans, target: 1, health: 5_000)]) {
                $0.health.dailyRiseCap = 300
                ($0.health.riseOpenPercent, $0.health.riseCapDropPercent) = (100, 0)  // the whole cap open all day
                $0.health.rewardsOverCap = overCap
            }
            var k = Career(rules: r)
            k.day(2026, 6, 1)
            let start = k.state.healthDayStart
            k.scans(1)
            #expect(k.c.daily.status == .completed)
            if overCap == 1 {
                #expect(k.state.health == start + r.healthPerScan + 5_000, "the scan within the cap, the reward on top")
            } else {
                #expect(k.state.health == start + 300, "the scan and the reward together reach the cap, no further")
            }
        }
    }

    @Test func aRewardsLevelUpIsAnEvent() {
        var k = Career(challenges: [template(.daily, .cardsStudied, target: 1, grams: 80)])
        k.day(2026, 6, 1)
        k.step(.study(card: 0))
        #expect(k.c.level == 3 && shippedRules.level(forGrams: 80) == 3, "levels 2 (25 g) and 3 (72 g)")
        #expect(k.events.contains(.levelUp(level: 3, title: .beachCleaner)))
    }

    @Test func anUnfinishedDayFailsAtTheNextDaysSessionOnceHoweverManyDaysWereSkipped() {
        var k = Career(challenges: [template(.daily, .scans, target: 3), template(.weekly, .scans, target: 100)])
        k.day(2026, 6, 1)  // a Monday
        k.scans(1)
        k.day(2026, 6, 5)  // Friday: three days skipped, the same week
        #expect(k.failed.map(\.period) == [.daily] && k.failed[0].progress == 1 && k.failed[0].status == .failed)
        #expect(k.failed[0].number == CalendarDate(year: 2026, month: 6, day: 1).dayNumber)
        #expect(k.c.daily.number == CalendarDate(year: 2026, month: 6, day: 5).dayNumber && k.c.daily.status == .notStarted)
        #expect(k.c.weekly.progress == 1, "the week goes on")
        #expect(k.issued.filter { $0.period == .daily }.count == 2, "no challenge for days without a session")
        k.day(2026, 6, 15)  // the Monday after next: the week ended unfinished
        #expect(k.failed.map(\.period) == [.daily, .daily, .weekly])
        #expect(k.c.challengesFailed == 3 && k.c.weekly.number == ChallengeDraw.week(ofDay: k.c.today))
    }

    @Test func aDateThatGoesBackMovesNoChallenge() {
        var k = Career(challenges: [template(.daily, .scans, target: 3), template(.weekly, .scans, target: 5)])
        k.day(2026, 6, 10)
        k.scans(1)
        let (daily, weekly) = (k.c.daily, k.c.weekly)
        _ = k.take()
        k.day(2026, 6, 8)
        #expect(k.issued.isEmpty && k.failed.isEmpty)
        k.scans(1)
        #expect(k.c.daily.number == daily.number && k.c.daily.progress == 2, "the calendar stays on the later day")
        #expect(k.c.weekly.number == weekly.number && k.c.weekly.progress == 2)
        k.day(2026, 6, 10)
        #expect(k.issued.isEmpty && k.failed.isEmpty && k.c.daily.progress == 2)
    }

    @Test func milestonesAreReachedOnceWithTheirReward() {
        let milestone = ChallengeTemplate(key: "milestone.first", period: .milestone, metric: .plasticGrams,
                                          targetAtLevel1: 10, targetAtTopLevel: 10, rewardGrams: 4)
        let table = [template(.daily, .scans, target: 50), milestone]
        var k = Career(challenges: table)
        k.scans(3)
        #expect(k.c.milestones == 0, "the career's challenges begin with its first session")
        k.day(2026, 6, 1)
        k.scans(1)
        #expect(k.c.milestones == 1 && k.c.bonusGrams == 4)
        #expect(k.events.filter { $0 == .milestoneReached(template: 1) }.count == 1)
        k.scans(10)
        #expect(k.events.filter { $0 == .milestoneReached(template: 1) }.count == 1 && k.c.bonusGrams == 4)
    }

    @Test func withoutATableThereAreNoChallenges() {
        var k = Career()
        k.day(2026, 6, 1)
        k.game()
        #expect(!k.c.daily.exists && !k.c.weekly.exists && k.issued.isEmpty && k.c.bonusGrams == 0)
    }
}

@Suite struct ImpactTests {
    @Test func totalsAreThePerKindSumsAndTheMonthsSum() {
        var k = Career(challenges: variedTable)
        for d in 0..<45 {
            let date = CalendarDate(dayNumber: CalendarDate(year: 2026, month: 1, day: 20).dayNumber + d)
            k.day(date.year, date.month, date.day)
            k.game()
            k.step(.scan(ItemKind(rawValue: d % 6)))
        }
        let factors = ImpactFactors(keys: ItemKind.shippedKeys, co2eGrams: [11, 131, 346, 60, 7, 23], waterMl: [578, 34, 2921, 0, 231, 1250])
        let total = k.c.impact(factors)
        var sum = Impact()
        for kind in ItemKind.shipped { sum += Impact(kind: kind, count: k.c.kindCounts[kind.rawValue], factors: factors) }
        #expect(total == sum && total.items == k.state.totals.catches + k.state.totals.scans)
        #expect(k.c.months.count == 3)
        var months = Impact()
        for m in k.c.months { months += k.c.impact(inMonth: m.month, factors) }
        #expect(months == total, "every item diverted in a session is in its month")
        #expect(total.co2eGrams == zip(k.c.kindCounts, factors.co2eGrams).map(*).reduce(0, +))
    }
}

@Suite struct ChallengeStateTests {
    @Test func aCareerWithChallengesRoundTripsAndValidates() throws {
        var k = Career(challenges: variedTable + [ChallengeTemplate(
            key: "milestone.m", period: .milestone, metric: .catches, targetAtLevel1: 20, targetAtTopLevel: 20)])
        for d in 1...10 { k.day(2026, 7, d); k.game(); k.scans(2) }
        let s = k.state
        #expect(s.career.challengesCompleted + s.career.challengesFailed > 0 && s.career.milestones == 1)
        // A per-kind array is written up to its last non-zero count (sea life and power-ups
        // are never tallied); loading pads it back to the balance's kinds.
        var decoded = try StateEncoding.decode(StateEncoding.encode(s))
        StateEncoding.fitKinds(&decoded, count: k.sim.rules.kindCount)
        #expect(decoded == s)
        #expect(s.validate(rules: k.sim.rules).isEmpty)
        var forged = s
        forged.career.daily.status = .completed
        forged.career.daily.progress = 0
        #expect(forged.validate(rules: k.sim.rules).map(\.field) == ["career.daily.status"])
        forged = s
        forged.career.weekly.period = .daily
        #expect(forged.validate(rules: k.sim.rules).map(\.field) == ["career.weekly.period"])
        forged = s
        forged.career.daily.progress = forged.career.daily.target + 1
        #expect(forged.validate(rules: k.sim.rules).contains { $0.field == "career.daily.progress" })
    }

    @Test func progressIsInTheHash() {
        var k = Career(challenges: [template(.daily, .scans, target: 5)])
        k.day(2026, 7, 1)
        k.scans(1)
        var other = k.state
        other.career.daily.progress = 2
        other.career.daily.status = .inProgress
        #expect(StateHashes(other).differing(from: StateHashes(k.state)) == [.career])
    }

    @Test func aChallengeDayAllocatesNothingOnceWarm() {
        var sim = Simulation(rules: rules(challenges: variedTable), seed: 3)
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 7, day: 1), minuteOfDay: 600)))
        sim.step(TickInput(command: .start(.classic)))
        let capacity = sim.state.items.capacity
        let base = sim.state.items.withUnsafeBufferPointer { $0.baseAddress }
        for _ in 0..<3_000 {
            sim.step(TickInput(move: .right, command: sim.state.mode == .idle ? .start(.classic) : .none))
        }
        #expect(sim.state.items.capacity == capacity && sim.state.items.withUnsafeBufferPointer { $0.baseAddress } == base)
        #expect(sim.state.career.daily.progress > 0 || sim.state.career.daily.metric == .cardsStudied
                || sim.state.career.daily.metric == .scans)
    }
}

