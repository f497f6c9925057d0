import OceanKernel

/// A state as `key value` lines a person can read and two builds can compare field by
/// field: the flow (tick, mode, round, timers), the random stream's position, the bin,
/// every item (kind, position, speed), the plan, the game's tally and the totals, the
/// ocean, and the events of the step that made it. What `replay diff --against` shows
/// at the first tick two builds disagree (OpenRA's sync report, 0 A.D.'s OOS dump).
public enum StateDump {
    public static func lines(_ s: GameState, events: [Event], rules: Rules) -> [String] {
        var out = [
            "tick \(s.tick)", "mode \(s.mode)", "round \(s.round)", "round.spawned \(s.roundSpawned)",
            "spawn.timer \(s.spawnTimer)", "break.timer \(s.breakTimer)", "misses.left \(s.missesLeft)",
            "tempo.step \(s.tempoStep)", "net.ticks \(s.netTicksLeft)", "tide.ticks \(s.tideTicksLeft)",
            "random \(hex16(s.random.s0)) \(hex16(s.random.s1)) \(hex16(s.random.s2)) \(hex16(s.random.s3))",
            "bin.x \(s.bin.x)", "bin.vx \(s.bin.vx)", "items \(s.items.count)",
        ]
        for (i, it) in s.items.enumerated() {
            let kind = it.kind.rawValue < rules.kindKeys.count ? rules.kindKeys[it.kind.rawValue] : "#\(it.kind.rawValue)"
            out.append("item[\(i)] \(kind) x \(it.x) y \(it.y) vx \(it.vx) vy \(it.vy) ax \(it.ax)")
        }
        out.append("plan \(s.plan.count)")
        for (i, p) in s.plan.enumerated() { out.append("plan[\(i)] tick \(p.tick) x \(p.x)") }
        let g = s.game, t = s.totals
        out += ["game.catches \(g.catches)", "game.misses \(g.misses)", "game.combo \(g.combo)", "game.best_combo \(g.bestCombo)",
                "game.score \(g.score)", "game.grams \(g.grams)", "totals.games \(t.games)", "totals.catches \(t.catches)",
                "totals.score \(t.score)", "totals.grams \(t.grams)", "health \(s.health)", "phase \(s.phase)",
                "state.hash \(hex16(s.hash))"]
        out.append("events \(events.count)")
        for (i, e) in events.enumerated() { out.append("event[\(i)] \(e)") }
        return out
    }

    /// The lines of two dumps that differ, aligned by key (the text before the first
    /// space): "item[3]  A … → B …"; a key only one side has shows "(none)".
    public static func differences(_ a: [String], _ b: [String]) -> [String] {
        func split(_ lines: [String]) -> [(String, String)] {
            lines.map { line in
                let space = line.firstIndex(of: " ") ?? line.endIndex
                return (String(line[..<space]), space < line.endIndex ? String(line[line.index(after: space)...]) : "")
            }
        }
        let left = split(a), right = split(b)
        let rightValue = Dictionary(right, uniquingKeysWith: { first, _ in first })
        let leftValue = Dictionary(left, uniquingKeysWith: { first, _ in first })
        var out: [String] = []
        for (key, value) in left where rightValue[key] != value {
            out.append("\(key)  A \(value)  →  B \(rightValue[key] ?? "(none)")")
        }
        for (key, value) in right where leftValue[key] == nil { out.append("\(key)  A (none)  →  B \(value)") }
        return out
    }
}
