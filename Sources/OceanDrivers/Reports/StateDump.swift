import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanKernel

/// A state as `key value` lines a person can read and two builds can compare field by
/// field: the flow (tick, mode, round, timers), the random stream's position, the bin,
/// every item (kind, position, speed), the plan, the game's tally and the totals, the
/// ocean, and the events of the step that made it. What `replay diff --against` shows
/// at the first tick two builds disagree (OpenRA's sync report, 0 A.D.'s OOS dump).
public enum StateDump {
    public static func lines(_ s: GameState, events: [Event], rules: Rules) -> [String] {
        lines(s, events: events, kindKeys: rules.kindKeys)
    }

    public static func lines(_ s: GameState, events: [Event], kindKeys: [String]) -> [String] {
        var out = [
            "tick \(s.tick)", "mode \(s.mode)", "round \(s.round)", "round.spawned \(s.roundSpawned)",
            "spawn.timer \(s.spawnTimer)", "break.timer \(s.breakTimer)", "misses.left \(s.missesLeft)",
            "tempo.step \(s.tempoStep)", "net.ticks \(s.netTicksLeft)", "tide.ticks \(s.tideTicksLeft)",
            "random \(hex16(s.random.s0)) \(hex16(s.random.s1)) \(hex16(s.random.s2)) \(hex16(s.random.s3))",
            "bin.x \(s.bin.x)", "bin.vx \(s.bin.vx)", "items \(s.items.count)",
        ]
        for (i, it) in s.items.enumerated() {
            let kind = it.kind.rawValue < kindKeys.count ? kindKeys[it.kind.rawValue] : "#\(it.kind.rawValue)"
            out.append("item[\(i)] \(kind) x \(it.x) y \(it.y) vx \(it.vx) vy \(it.vy) ax \(it.ax)\(it.bounced != 0 ? " bounced" : "")")
        }
        out.append("plan \(s.plan.count)")
        for (i, p) in s.plan.enumerated() { out.append("plan[\(i)] tick \(p.tick) x \(p.x)") }
        let g = s.game, t = s.totals
        out += ["game.catches \(g.catches)", "game.misses \(g.misses)", "game.combo \(g.combo)", "game.best_combo \(g.bestCombo)",
                "game.score \(g.score)", "game.grams \(g.grams)", "totals.games \(t.games)", "totals.catches \(t.catches)",
                "totals.score \(t.score)", "totals.grams \(t.grams)", "health \(s.health)", "phase \(s.phase)",
                "health.day_net \(s.healthDayNet)", "scans.today \(s.scansToday)", "sea \(s.seaIndex)"]
        let c = s.career
        out += ["career.today \(c.today)", "career.grams_today \(c.gramsToday)", "career.level \(c.level)",
                "career.streak \(c.streak)", "career.goal_days \(c.goalDays)", "career.cards_studied \(c.cardsStudied)",
                "career.mastered \(c.masteredCount)", "career.achievements \(c.achievements)",
                "career.challenges \(c.challengesCompleted) done \(c.challengesFailed) failed",
                "career.pet \(c.pet.adopted ? "\(c.pet.form.key) \(c.pet.stage) \(c.pet.mood)" : "none")",
                "state.hash \(hex16(s.hash))"]
        out.append("events \(events.count)")
        for (i, e) in events.enumerated() { out.append("event[\(i)] \(eventText(e, kindKeys: kindKeys))") }
        return out
    }

    /// An event as the kernel spells it, its kind named by key ("itemSpawned(kind:
    /// plastic_bag, xPx: 120)").
    public static func eventText(_ e: Event, kindKeys: [String]) -> String {
        var text = "\(e)"
        for (i, key) in kindKeys.enumerated() where text.contains("ItemKind(index: \(i))") {
            text = text.replacing("OceanKernel.ItemKind(index: \(i))", with: key)
        }
        return text
    }

    /// One field two dumps disagree on: its key and each side's value ("(none)" when
    /// only one side has it).
    public struct Difference: Equatable, Sendable {
        public var key: String, a: String, b: String
    }

    /// The lines of two dumps that differ, aligned by key (the text before the first
    /// space), in the first dump's order and then the keys only the second has.
    public static func compare(_ a: [String], _ b: [String]) -> [Difference] {
        func split(_ lines: [String]) -> [(String, String)] {
            lines.map { line in
                let space = line.firstIndex(of: " ") ?? line.endIndex
                return (String(line[..<space]), space < line.endIndex ? String(line[line.index(after: space)...]) : "")
            }
        }
        let left = split(a), right = split(b)
        let rightValue = Dictionary(right, uniquingKeysWith: { first, _ in first })
        let leftValue = Dictionary(left, uniquingKeysWith: { first, _ in first })
        var out: [Difference] = []
        for (key, value) in left where rightValue[key] != value {
            out.append(Difference(key: key, a: value, b: rightValue[key] ?? "(none)"))
        }
        for (key, value) in right where leftValue[key] == nil { out.append(Difference(key: key, a: "(none)", b: value)) }
        return out
    }

    /// "item[3]  A … → B …" for each field that differs.
    public static func differences(_ a: [String], _ b: [String]) -> [String] {
        compare(a, b).map { "\($0.key)  A \($0.a)  →  B \($0.b)" }
    }

    /// A recorded and a re-simulated state's differences (the hash line left out: it
    /// differs whenever anything does).
    public static func compare(recorded: GameState, resimulated: GameState, kindKeys: [String]) -> [Difference] {
        compare(lines(recorded, events: [], kindKeys: kindKeys), lines(resimulated, events: [], kindKeys: kindKeys))
            .filter { $0.key != "state.hash" }
    }
}
