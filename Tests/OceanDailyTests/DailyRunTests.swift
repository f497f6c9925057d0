import Testing
import OceanKernel
import OceanReplay
import OceanDaily
import OceanDrivers
import TestSupport

/// The Daily Ocean's game (GAME_RULES §7) and the check a server makes of a run.
@Suite struct DailyRunTests {
    static let day = CalendarDate(year: 2026, month: 12, day: 1)

    /// The day's game played by a human bot of `skill`, its randomness from `botSeed`.
    static func run(skill: Int, botSeed: UInt64, date: CalendarDate = day, balance: Balance? = nil,
                    mode: PlayMode = DailyGame.mode, bot: String = "human") throws -> ReadReplay {
        var header = ReplayHeader()
        header.balance = try balance ?? shippedBalance
        header.date = date
        header.minuteOfDay = DailyGame.minuteOfDay
        header.seed = DailyGame.seed(date: date, balance: header.balance)
        header.mode = mode
        let text = recordGames(header: header, schedule: BotSchedule(bot)!, skill: skill, games: 1, botSeed: botSeed,
                               sink: StringSink()).sink.text
        return try ReplayReader.read(bytes: Array(text.utf8), file: "daily.replay")
    }

    @Test func theSeedIsTheDaysAndTheBalancesForEveryPlayer() throws {
        let b = try shippedBalance
        #expect(DailyGame.seed(date: Self.day, balance: b) == DailyGame.seed(date: Self.day, balance: b))
        #expect(DailyGame.seed(date: Self.day, balance: b) != DailyGame.seed(date: CalendarDate(dayNumber: Self.day.dayNumber + 1), balance: b))
        var other = b
        other.bin.widthPx += 1
        #expect(DailyGame.balanceHash(other) != DailyGame.balanceHash(b))
        #expect(DailyGame.seed(date: Self.day, balance: other) != DailyGame.seed(date: Self.day, balance: b))
        // Two players, the same game: the same first item falls at the same place.
        let a = try Self.run(skill: 30, botSeed: 1).replay, c = try Self.run(skill: 90, botSeed: 2).replay
        #expect(a.header.seed == c.header.seed)
    }

    /// The longest game there is, the oracle's clearing the round cap, is ranked: the
    /// limit on a run's length is no limit on how well one plays.
    @Test func aGameThatClearsTheRoundCapIsRanked() throws {
        let b = try shippedBalance
        let cleared = try Self.run(skill: 100, botSeed: 1, bot: "oracle")
        let r = try DailyRun.verify(cleared, date: Self.day, balance: b).get()
        #expect(r.rounds == b.arcade.roundCap && r.misses == 0)
        #expect(r.ticks > 36_000, "longer than the ten minutes once allowed: \(r.ticks) ticks")
        #expect(r.ticks * 2 < DailyRun.maxTicks)
    }

    @Test func aRunIsScoredByTheVerifiersOwnSimulation() throws {
        let weak = try Self.run(skill: 20, botSeed: 1), strong = try Self.run(skill: 90, botSeed: 1)
        let w = try DailyRun.verify(weak, date: Self.day, balance: shippedBalance).get()
        let s = try DailyRun.verify(strong, date: Self.day, balance: shippedBalance).get()
        #expect(w.score == weak.replay.end!.summary.score && s.score == strong.replay.end!.summary.score)
        #expect(s.score > w.score && s.rounds >= w.rounds && s.catches > w.catches)
        #expect(w.hash == weak.replay.end!.hash)
    }

    @Test func whatIsNotTheDaysGameIsRefusedWithItsReason() throws {
        let b = try shippedBalance
        let good = try Self.run(skill: 50, botSeed: 3)
        func refusal(_ read: ReadReplay, date: CalendarDate = DailyRunTests.day, balance: Balance? = nil) throws -> DailyRefusal? {
            if case .failure(let why) = DailyRun.verify(read, date: date, balance: try balance ?? b) { return why }
            return nil
        }
        // Another day's run posted to this day.
        let tomorrow = CalendarDate(dayNumber: Self.day.dayNumber + 1)
        #expect(try refusal(Self.run(skill: 50, botSeed: 3, date: tomorrow))?.message == "not the day's game: the replay is of 2026-12-02, not 2026-12-01")
        // Today's date with another balance (its own seed, so it is not the day's game).
        var wide = b
        wide.bin.widthPx += 10
        #expect(try refusal(Self.run(skill: 50, botSeed: 3, balance: wide))?.message.contains("balance (hash") == true)
        // The day's balance and date, a classic game.
        #expect(try refusal(Self.run(skill: 50, botSeed: 3, mode: .classic))?.message.contains("arcade") == true)
        // Another seed under the day's header.
        var reseeded = good
        reseeded.replay.header.seed &+= 1
        #expect(try refusal(reseeded)?.message.contains("seed") == true)
        // One input changed: re-simulated, the hashes it carries no longer hold.
        var forged = good
        let i = try #require(forged.replay.inputs.lastIndex { $0.input.command == .none && $0.input.move != .none })
        forged.replay.inputs[i].input.move = forged.replay.inputs[i].input.move == .left ? .right : .left
        guard case .diverged = try #require(try refusal(forged)) else { Issue.record("not a divergence"); return }
        // A claimed end that is not the game's.
        var inflated = good
        inflated.replay.end!.summary.score += 1_000
        #expect(try refusal(inflated) != nil)
        // Cut short.
        var cut = good
        cut.complete = false
        #expect(try refusal(cut) == .truncated(atTick: good.replay.lastTick))
        #expect(try refusal(good) == nil)
    }
}
