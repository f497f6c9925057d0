import Foundation
import Testing
import OceanKernel
import OceanDrivers
import TestSupport

/// A career of `days` with the shipped rules and challenge table, its log, and the
/// days on which a session began.
private func career(days: Int, seed: UInt64, from start: GameState? = nil, startDate: CalendarDate? = nil,
                    keepEntries: Bool = true) throws -> (state: GameState, log: ChallengeLog, sessions: Set<Int>) {
    let rules = try shippedRulesWithChallenges
    let state = start ?? GameState(rules: rules, seed: seed)
    var options = CareerPlan.Options()
    options.days = days
    if let startDate { options.start = startDate }
    let plan = CareerPlanOf(options: options, bots: [HumanBot(seed: seed, skill: 50)], seed: seed)
    var log = ChallengeLog(start: state, keepEntries: keepEntries)
    var sessions = Set<Int>()
    let final = runCareer(rules: rules, state: state, plan: plan, watch: { events, s in
        log.record(events, s)
        for case .sessionBegan(let date, _) in events { sessions.insert(date.dayNumber) }
    }, dayEnded: { (_: GameState, _: Int) in })
    log.finish(final)
    return (final, log, sessions)
}

/// 1600 as "1,600".
private func grouped(_ n: Int) -> String {
    n < 1000 ? "\(n)" : grouped(n / 1000) + "," + String(String(n % 1000 + 1000).dropFirst())
}

@Suite struct ChallengeLogTests {
    @Test func theLogAgreesWithTheKernelsCountsAndEachOutcomeWithItsPeriod() throws {
        let (s, log, sessions) = try career(days: 60, seed: 4)
        #expect(log.completed == s.career.challengesCompleted)
        #expect(log.failed == s.career.challengesFailed)
        #expect(log.completed > 0 && log.failed > 0, "a human at skill 50 both completes and fails some")
        let completed = log.entries.filter { if case .completed = $0.outcome { true } else { false } }
        let failed = log.entries.filter { $0.outcome == .failed }
        let open = log.entries.filter { $0.outcome == .open }
        #expect(completed.count == log.completed)
        #expect(failed.count == log.failed)
        #expect(open.count == log.open)
        #expect(open.map(\.challenge).sorted { $0.period.rawValue < $1.period.rawValue }
                    == [s.career.daily, s.career.weekly].filter(\.isOpen),
                "what is still open is the state's own, with its progress")
        #expect(!log.entries.contains { $0.carriedIn }, "a new career carries nothing in")
        for e in log.entries {
            let c = e.challenge
            switch e.outcome {
            case .completed(let day):
                #expect(c.progress == c.target && c.status == .completed)
                // Completed within its own day or week.
                #expect((c.period == .daily ? day : ChallengeDraw.week(ofDay: day)) == c.number)
            case .failed:
                #expect(c.progress < c.target && c.status == .failed)
            case .open:
                #expect(c.isOpen)
            }
        }
        // One daily a day with a session, none on a skipped day; one weekly a week.
        let dailies = log.entries.filter { $0.challenge.period == .daily }.map(\.challenge.number)
        #expect(dailies == sessions.sorted())
        let weeks = log.entries.filter { $0.challenge.period == .weekly }.map(\.challenge.number)
        #expect(weeks == Array(Set(sessions.map { ChallengeDraw.week(ofDay: $0) })).sorted())
        // Milestones: each reached once, in the order of their days, and the state has them.
        #expect(!log.milestones.isEmpty)
        #expect(log.milestones.map(\.day) == log.milestones.map(\.day).sorted())
        let bits = try log.milestones.map { m in try shippedRulesWithChallenges.milestoneTemplates.firstIndex(of: m.template)! }
        #expect(Set(bits).count == bits.count)
        #expect(bits.reduce(0) { $0 | 1 << $1 } == s.career.milestones)
    }

    @Test func countsWithoutTheListAreTheSame() throws {
        let kept = try career(days: 20, seed: 9).log
        let counted = try career(days: 20, seed: 9, keepEntries: false).log
        #expect(counted.entries.isEmpty)
        #expect((counted.completed, counted.failed, counted.open) == (kept.completed, kept.failed, kept.open))
        #expect(counted.milestones == kept.milestones)
    }

    @Test func aContinuedCareerCarriesInWhatWasRunning() throws {
        let first = try career(days: 10, seed: 2)
        let next = CalendarDate(dayNumber: first.state.career.today + 1)
        let second = try career(days: 10, seed: 2, from: first.state, startDate: next)
        let carried = second.log.entries.filter(\.carriedIn)
        #expect(carried.map(\.challenge.period) == [first.state.career.daily, first.state.career.weekly]
            .filter(\.isOpen).map(\.period))
        #expect(!carried.contains { $0.outcome == .open } || second.sessions.isEmpty,
                "a day's challenge from the first run has closed in the second")
        #expect(first.log.completed + second.log.completed == second.state.career.challengesCompleted)
        #expect(first.log.failed + second.log.failed == second.state.career.challengesFailed)
    }
}

@Suite struct CareerReportChallengeTests {
    @Test func theStandingShowsTodaysAndThisWeeksChallengeAndTheNearestMilestones() throws {
        let (s, log, _) = try career(days: 30, seed: 6)
        let r = try CareerReport(s, rules: shippedRulesWithChallenges, texts: shippedChallenges.texts,
                             factors: try shippedImpactFactors, log: log)
        let daily = try #require(r.challenges.daily)
        #expect(daily.date == CalendarDate(dayNumber: s.career.today))
        #expect(daily.progress == s.career.daily.progress && daily.target == s.career.daily.target)
        let wording = try #require(shippedChallenges.texts[daily.key ?? ""])
        #expect(daily.text == wording.replacingOccurrences(of: "{target}", with: grouped(daily.target))
            .replacingOccurrences(of: "{s}", with: daily.target == 1 ? "" : "s"))
        let weekly = try #require(r.challenges.weekly)
        #expect(weekly.date.dayNumber == ChallengeDraw.firstDay(ofWeek: ChallengeDraw.week(ofDay: s.career.today)))
        #expect((r.challenges.completed, r.challenges.failed, r.challenges.bonusGrams)
            == (s.career.challengesCompleted, s.career.challengesFailed, s.career.bonusGrams))
        #expect(r.challenges.reached.count == s.career.milestones.nonzeroBitCount)
        #expect(r.challenges.reached.allSatisfy { $0.date != nil && $0.progress == $0.target })
        let next = r.challenges.next
        #expect(next.count == ChallengeStanding.nextCount && next.allSatisfy { !$0.reached })
        // Nearest first: shares of the target never grow down the list.
        for (a, b) in zip(next, next.dropFirst()) { #expect(a.progress * b.target >= b.progress * a.target) }
        #expect(r.challenges.run?.list?.count == log.entries.count)
        #expect(r.text.contains("daily         \(daily.date) \(daily.text): \(daily.progress)/\(daily.target), "))
        #expect(r.text.contains("this run: \(log.completed) completed, \(log.failed) failed, \(log.open) still open"))
    }

    @Test func impactAddsUpOverKindsAndMonths() throws {
        let (s, _, _) = try career(days: 45, seed: 3)
        let r = try CareerReport(s, rules: shippedRulesWithChallenges, factors: shippedImpactFactors)
        let impact = try #require(r.impact)
        #expect(r.months.count == 2 && r.monthImpacts.count == 2)
        func sum(_ xs: [Impact]) -> Impact { xs.reduce(into: Impact()) { $0 += $1 } }
        #expect(sum(impact.kinds.map(\.impact)) == impact.total)
        #expect(sum(r.monthImpacts.map(\.total)) == impact.total, "a new career's months hold every item")
        for m in r.monthImpacts { #expect(sum(m.kinds.map(\.impact)) == m.total) }
        #expect(impact.kinds.map(\.impact.items) == r.kinds.map(\.count))
        let bottles = impact.kinds[ItemKind.plasticBottle.rawValue].impact
        #expect(try bottles.co2eGrams == bottles.items * shippedImpactFactors.co2eGrams[ItemKind.plasticBottle.rawValue])
        #expect(impact.total.co2eGrams > 0 && impact.total.waterMl > 0)
        // Without factors the report is as before: no impact anywhere.
        let plain = try CareerReport(s, rules: shippedRulesWithChallenges)
        #expect(plain.impact == nil && plain.monthImpacts.isEmpty)
        #expect(!plain.text.contains("CO₂e") && r.text.contains("impact        "))
    }

    @Test func everyMassInTheTextReadsAsTheImpactDoes() throws {
        var (s, _, _) = try career(days: 3, seed: 5)
        // A long career's figures: hundreds of tonnes, never raw grams.
        s.totals.grams = 600_500_000
        s.career.kindGrams[ItemKind.plasticBottle.rawValue] = 1_234_567
        s.career.months[s.career.months.count - 1].grams = 2_500
        let text = try CareerReport(s, rules: shippedRulesWithChallenges).text
        #expect(text.contains("plastic       601 t (today "), "\(text)")
        #expect(text.contains("plastic_bottle ") && text.contains(" (1.2 t)"), "\(text)")
        #expect(text.contains(" 2.5 kg plastic, "), "\(text)")
        #expect(text.range(of: #"\d{4,} g"#, options: .regularExpression) == nil, "no raw grams: \(text)")
    }
}
