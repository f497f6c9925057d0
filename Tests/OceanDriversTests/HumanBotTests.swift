import Testing
import OceanKernel
import OceanReplay
@testable import OceanDrivers
import TestSupport

/// The human bot's person-like parts (issue 31): latency, Hick–Hyman choice times,
/// key-release noise and the Fitts-law pointer; determinism per seed.
@Suite struct HumanBotTests {
    /// Every control of `games` games by a human bot with this seed, skill and input.
    func controls(seed: UInt64, skill: Int, input: HumanBot.Input, games: Int = 1) throws -> [BotControl] {
        let rules = try shippedRules
        var sim = Simulation(rules: rules, seed: seed)
        var plan = GamePlanOf(bot: HumanBot(seed: seed, skill: skill, input: input), games: games)
        var out: [BotControl] = []
        while let input = plan.input(for: sim) {
            out.append(BotControl(move: input.move, pointer: input.pointer))
            sim.step(input)
        }
        return out
    }

    @Test(arguments: [HumanBot.Input.keys, .pointer])
    func theSameSeedGivesTheSameMovesAndAnotherSeedOthers(input: HumanBot.Input) throws {
        let a = try controls(seed: 11, skill: 60, input: input)
        #expect(a == (try controls(seed: 11, skill: 60, input: input)))
        #expect(a != (try controls(seed: 12, skill: 60, input: input)))
        if input == .pointer {
            #expect(a.contains { $0.pointer != nil } && a.allSatisfy { $0.move == .none })
        } else {
            #expect(a.allSatisfy { $0.pointer == nil } && a.contains { $0.move != .none })
        }
    }

    @Test func log2InIntegersIsExactEnough() {
        #expect(HumanParameters.log2Q10(1, over: 1) == 0)
        #expect(HumanParameters.log2Q10(2, over: 1) == 1_024)
        #expect(HumanParameters.log2Q10(8, over: 1) == 3 * 1_024)
        #expect(HumanParameters.log2Q10(46 + 46 * 5, over: 46) == 2_647)  // log2 6 = 2.585 bits
        #expect(abs(HumanParameters.log2Q10(3, over: 1) - 1_623) <= 1)       // log2 3 = 1.585 bits
        #expect(abs(HumanParameters.log2Q10(10, over: 1) - 3_402) <= 2)      // log2 10 = 3.322 bits
    }

    /// Hick–Hyman: a + b·log2(n + 1); more items in view, a slower choice; a
    /// sharper player chooses faster at every n.
    @Test func theChoiceTimeGrowsWithTheItemsInView() {
        for skill in [0, 50, 100] {
            let p = HumanParameters(skill: skill)
            #expect(p.choiceMs(items: 0) == p.choiceBaseMs)
            #expect(p.choiceMs(items: 1) == p.choiceBaseMs + p.choiceSlopeMs)
            #expect(p.choiceMs(items: 3) == p.choiceBaseMs + 2 * p.choiceSlopeMs)
            for n in 0..<9 { #expect(p.choiceMs(items: n + 1) > p.choiceMs(items: n), "skill \(skill), n \(n)") }
            let bot = HumanBot(seed: 1, skill: skill)
            #expect(bot.choiceTicks(items: 9) > bot.choiceTicks(items: 1))
        }
        for n in [1, 5, 9] {
            #expect(HumanParameters(skill: 0).choiceMs(items: n) > HumanParameters(skill: 50).choiceMs(items: n))
            #expect(HumanParameters(skill: 50).choiceMs(items: n) > HumanParameters(skill: 100).choiceMs(items: n))
        }
        // The novice's slope is Hick's (about 150 ms/bit); nine items take a second.
        #expect(HumanParameters(skill: 0).choiceMs(items: 9) >= 700)
    }

    /// In a game, the bot looks less often when more is falling.
    @Test func aGameLooksSlowerWithMoreItemsInTheAir() throws {
        let rules = try shippedRules
        var sim = Simulation(rules: rules, seed: 3)
        var bot = HumanBot(seed: 3, skill: 50)
        sim.step(TickInput(command: .start(.classic)))
        var byCount: [Int: Set<Int>] = [:]
        while sim.state.mode != .idle {
            sim.step(TickInput(bot.control(sim.state, rules: rules)))
            byCount[sim.state.items.count, default: []].insert(bot.lastChoiceTicks)
        }
        let few = byCount.filter { $0.key <= 1 }.flatMap(\.value).min()!
        let many = byCount.filter { $0.key >= 6 }.flatMap(\.value).max()!
        #expect(many > few, "\(byCount)")
    }

    /// Each push toward a far target is let go early or late by a random amount: the
    /// bin comes to rest in different places, around the target.
    @Test func keyReleasesVaryAroundTheRightMoment() throws {
        let rules = try shippedRules
        var random = GameRandom(seed: 5)
        var rests: [Int] = []
        let start = rules.width / 4, target = rules.width * 3 / 4
        let jitter = HumanParameters(skill: 50).releaseJitterMs * Fixed.ticksPerSecond
        for _ in 0..<40 {
            var hand = KeyHand()
            var bin = BinState(x: start, vx: 0)
            for _ in 0..<240 {
                let push = Int(hand.move(bin, to: target, rules: rules, jitter: jitter, random: &random).rawValue)
                let m = rules.binMotion
                if push != 0 { bin.vx = min(m.maxSpeed, max(-m.maxSpeed, bin.vx + push * m.accel)) }
                else if bin.vx > 0 { bin.vx = max(0, bin.vx - m.friction) }
                else if bin.vx < 0 { bin.vx = min(0, bin.vx + m.friction) }
                bin.x += bin.vx
            }
            rests.append(bin.x)
        }
        let distinct = Set(rests.map { Fixed.wholePixels($0) })
        #expect(distinct.count >= 3, "\(distinct.sorted())")
        // Off by at most a few ticks at top speed, then corrected by a new push.
        #expect(rests.allSatisfy { abs($0 - target) <= rules.binHalfWidth * 2 }, "\(rests.map { Fixed.wholePixels($0 - target) })")
        // Without jitter every release is the same.
        var still = GameRandom(seed: 5)
        var hands = [KeyHand(), KeyHand()]
        let a = hands[0].move(BinState(x: start, vx: rules.binMaxSpeed), to: target, rules: rules, jitter: 0, random: &still)
        let b = hands[1].move(BinState(x: start, vx: rules.binMaxSpeed), to: target, rules: rules, jitter: 0, random: &still)
        #expect(a == b)
    }

    /// A pointer movement takes the Fitts time for its distance and the bin's mouth,
    /// follows a minimum-jerk path (slow, fast, slow; halfway at half time) and ends
    /// near the target.
    @Test(arguments: [0, 50, 100])
    func thePointerReachesItsTargetInAboutItsFittsTime(skill: Int) throws {
        let rules = try shippedRules
        let p = HumanParameters(skill: skill)
        var random = GameRandom(seed: 9)
        let from = Fixed.px(100), target = Fixed.px(340)
        let width = 2 * rules.binHalfWidth
        let fitts = Fixed.ticks(ms: p.fittsBaseMs + p.fittsSlopeMs * HumanParameters.log2Q10(240 + 46, over: 46) / 1_024)
        var hand = PointerHand()
        hand.aim(at: target, from: from, tick: 1_000, rules: rules, parameters: p, random: &random)
        #expect(hand.duration == fitts)
        #expect(p.movementMs(distance: 240, width: Fixed.wholePixels(width)) * 60 / 1_000 >= fitts - 1)
        // MT = a + b·log2(240/46 + 1): 2.64 bits.
        #expect((p.fittsBaseMs + 2 * p.fittsSlopeMs...p.fittsBaseMs + 3 * p.fittsSlopeMs).contains(fitts * 1_000 / 60))
        let end = hand.position(at: 1_000 + fitts, resting: from)
        #expect(end == hand.position(at: 1_000 + fitts + 30, resting: from))
        #expect(abs(end - target) <= Fixed.px(240) * p.endpointScatterPermille * 4 / 1_000 + Fixed.one)
        #expect(hand.position(at: 1_000, resting: from) == from)
        let early = hand.position(at: 1_000 + fitts / 10, resting: from) - from
        let half = hand.position(at: 1_000 + fitts / 2, resting: from) - from
        #expect(early < (end - from) / 20, "slow start")
        #expect(abs(half - (end - from) / 2) <= (end - from) / 10, "halfway at half time")
        var last = from
        for t in 0...fitts {
            let x = hand.position(at: 1_000 + t, resting: from)
            #expect(x >= last)
            last = x
        }
    }

    /// Endpoints scatter: the same movement ends in different places.
    @Test func pointerEndpointsScatter() throws {
        let rules = try shippedRules
        var random = GameRandom(seed: 2)
        var ends: Set<Int> = []
        for _ in 0..<20 {
            var hand = PointerHand()
            hand.aim(at: Fixed.px(400), from: Fixed.px(80), tick: 0, rules: rules, parameters: HumanParameters(skill: 50),
                     random: &random)
            ends.insert(hand.to)
        }
        #expect(ends.count >= 5)
    }

    /// A lone new item is answered in a person's time, measured from the recorded
    /// states as a checker would: from the tick the game's first item shows to the
    /// first tick the game sees the bin pushed, the median over 40 games. The law:
    /// latency + Hick–Hyman for one item (detection counted once); a median adult
    /// (skill 50) answers in 250–350 ms with display and input latency.
    @Test func aLoneNewItemIsAnsweredInAPersonsTime() throws {
        let rules = try shippedRules
        var medians: [Int: Int] = [:]
        for skill in [0, 50, 100] {
            var answers: [Int] = []
            for seed in UInt64(1)...40 {
                var sim = Simulation(rules: rules, seed: seed)
                var bot = HumanBot(seed: seed, skill: skill)
                sim.step(TickInput(command: .start(.classic)))
                var shown: Int?
                while sim.state.mode != .idle {
                    if shown == nil && !sim.state.items.isEmpty { shown = sim.state.tick }
                    let move = bot.control(sim.state, rules: rules).move
                    // Only while the first item is alone and falling: a later one would be a choice among two.
                    if let shown, sim.state.items.count == 1, move != .none {
                        answers.append((sim.state.tick - shown) * 1000 / Fixed.ticksPerSecond)
                        break
                    }
                    if shown != nil && sim.state.items.count != 1 { break }
                    sim.step(TickInput(move: move))
                }
            }
            #expect(answers.count >= 20, "skill \(skill): only \(answers.count) lone answers")
            let median = answers.sorted()[answers.count / 2]
            medians[skill] = median
            let law = HumanParameters(skill: skill)
            let predicted = law.latencyMs + law.choiceMs(items: 1)
            #expect(abs(median - predicted) <= 34, "skill \(skill): median \(median) ms, the law says \(predicted) ms")
        }
        print("a lone new item answered in (median ms by skill): \(medians.sorted { $0.key < $1.key })")
        #expect((250...350).contains(medians[50] ?? 0), "a median adult answers in 250-350 ms, not \(medians)")
        #expect((medians[0] ?? 0) >= 420 && (medians[100] ?? 999) <= 230, "\(medians)")
        #expect(HumanBot(seed: 0, skill: 0).latencyTicks == 5 && HumanBot(seed: 0, skill: 100).latencyTicks == 3)
    }

    /// A pointer bot's games record as `@X` moves and verify.
    @Test func pointerReplaysRecordAndVerify() throws {
        var header = ReplayHeader()
        header.balance = try shippedBalance
        header.seed = 8
        header.checkpointEvery = 60
        let text = recordGames(header: header, schedule: BotSchedule("human")!, skill: 60, input: .pointer, games: 1,
                               sink: StringSink()).sink.text
        #expect(text.contains(" @"))
        let read = try ReplayReader.read(bytes: Array(text.utf8), file: "pointer.replay")
        #expect(read.replay.inputs.contains { $0.input.pointer != nil })
        #expect(ReplayVerifier.verify(read).passed)
    }
}
