#if canImport(Glibc)
import Glibc
#endif
import OceanKernel
import OceanReplay

/// Plays `games` games with a bot and records them as a replay into `sink`.
public func recordGames<Sink: ReplaySink>(header: ReplayHeader, schedule: BotSchedule, skill: Int, games: Int,
                                           sink: Sink) -> ReplayRecorder<Sink> {
    var recorder = ReplayRecorder(header: header, sink: sink)
    var plan = schedule.plan(seed: header.seed, skill: skill, games: games,
                             session: .beginSession(header.date, minuteOfDay: header.minuteOfDay))
    while let input = plan.input(for: recorder.simulation) { recorder.step(input) }
    recorder.finish()
    return recorder
}

/// Plays a career of `days` days (see `CareerPlan`) and records it as one replay.
public func recordCareer<Sink: ReplaySink>(header: ReplayHeader, plan: CareerPlan, sink: Sink) -> ReplayRecorder<Sink> {
    var recorder = ReplayRecorder(header: header, sink: sink)
    var plan = plan
    while let input = plan.input(for: recorder.simulation) { recorder.step(input) }
    recorder.finish()
    return recorder
}

/// Runs a replay's inputs under `rules` (its own, or others for a what-if) to the
/// replay's last tick, ignoring its checkpoints.
public func replayInputs(_ replay: Replay, rules: Rules) -> GameState {
    var sim = Simulation(rules: rules, seed: replay.header.seed)
    var feed = InputFeed(replay.inputs)
    let end = replay.end?.tick ?? replay.lastTick
    while sim.state.tick < end { sim.step(feed.input(at: sim.state.tick)) }
    return sim.state
}

/// Writes `text` to `path` atomically: a temporary file beside it, flushed to disk,
/// then renamed over the old one. False if any step failed (the old file stays).
public func writeFileAtomically(_ path: String, _ text: String) -> Bool {
    let temporary = path + ".tmp-\(getpid())"
    guard let f = fopen(temporary, "wb") else { return false }
    var t = text
    let written = t.withUTF8 { fwrite($0.baseAddress, 1, $0.count, f) }
    let ok = written == text.utf8.count && fflush(f) == 0 && fsync(fileno(f)) == 0
    fclose(f)
    guard ok, rename(temporary, path) == 0 else {
        unlink(temporary)
        return false
    }
    return true
}
