import OceanKernel
import OceanReplay

/// Runs whole games headlessly, at full speed, and reports how they ended.
public func runGames(rules: Rules, seed: UInt64, bot: BotKind, games: Int, skill: Int = 70) -> RunReport {
    runGames(rules: rules, seed: seed, schedule: BotSchedule(bot.rawValue)!, games: games, skill: skill)
}

/// `goOn` is asked every `InputFeed.checkEvery` ticks, with the games finished so
/// far; when it says no the run stops there and reports what was played.
/// `skill` and `input` go to the human bots.
public func runGames(rules: Rules, seed: UInt64, schedule: BotSchedule, games: Int, skill: Int = 70,
                     input: HumanBot.Input = .keys, session: Command = DefaultSession.command, mode: PlayMode = .classic,
                     goOn: ((Int) -> Bool)? = nil) -> RunReport {
    // One kind of bot: played as its own type, each tick a direct call (the same bot
    // `BotKind.make` builds, so the same games as through the existential).
    if schedule.kinds.count == 1 {
        struct Play: BotBody {
            let rules: Rules, seed: UInt64, games: Int, session: Command, mode: PlayMode, goOn: ((Int) -> Bool)?
            func run<B: Bot>(_ bot: B) -> RunReport {
                runGames(rules: rules, seed: seed, plan: GamePlanOf<B>(bot: bot, games: games, session: session, mode: mode),
                         mode: mode, goOn: goOn)
            }
        }
        return schedule.kinds[0].with(seed: seed, skill: skill, input: input,
                                      Play(rules: rules, seed: seed, games: games, session: session, mode: mode, goOn: goOn))
    }
    let plan = schedule.plan(seed: seed, skill: skill, input: input, games: games, session: session, mode: mode)
    return runGames(rules: rules, seed: seed, plan: plan, mode: mode, goOn: goOn)
}

/// The games of `plan`, from a fresh ocean of `seed`.
func runGames<B: Bot>(rules: Rules, seed: UInt64, plan: GamePlanOf<B>, mode: PlayMode, goOn: ((Int) -> Bool)?) -> RunReport {
    var sim = Simulation(rules: rules, seed: seed)
    var plan = plan
    var log = PlayLog(rules: rules)
    while let input = plan.input(for: &sim) {
        if let goOn, sim.state.tick % InputFeed.checkEvery == 0, !goOn(sim.state.totals.games) { break }
        sim.step(input)
        if !sim.events.isEmpty { log.watch(sim.events) }
    }
    var report = RunReport(sim.state)
    report.play = log
    report.mode = mode
    return report
}

/// Plays a career with `plan` from `state` (a saved profile's, or a new one), calling
/// `dayDone` with the state after each day that was played and after the last. A
/// callback stops the career by throwing (after saving the day, say).
public func runCareer<B: Bot, E: Error>(rules: Rules, state: GameState, plan: CareerPlanOf<B>,
                                        dayDone: (GameState) throws(E) -> Void) throws(E) -> GameState {
    try runCareer(rules: rules, state: state, plan: plan) { (state: GameState, _: Int) throws(E) in try dayDone(state) }
}

/// `runCareer(rules:state:plan:dayDone:)`, also telling `dayEnded` the last day of
/// the plan (0-based) decided on so far, played or skipped.
public func runCareer<B: Bot, E: Error>(rules: Rules, state: GameState, plan: CareerPlanOf<B>,
                                        dayEnded: (GameState, _ plannedThrough: Int) throws(E) -> Void) throws(E) -> GameState {
    try runCareer(rules: rules, state: state, plan: plan, watch: { _, _ in }, dayEnded: dayEnded)
}

/// `runCareer(rules:state:plan:dayEnded:)`, also showing `watch` the events of each
/// tick that had any, with the state after that tick (`ChallengeLog.record`).
public func runCareer<B: Bot, E: Error>(rules: Rules, state: GameState, plan: CareerPlanOf<B>,
                                        watch: ([Event], GameState) -> Void,
                                        dayEnded: (GameState, _ plannedThrough: Int) throws(E) -> Void) throws(E) -> GameState {
    try playCareer(rules: rules, state: state, plan: plan, watch: watch, dayEnded: dayEnded)
}

/// `runCareer(rules:state:plan:watch:dayEnded:)` for the CLI's plans (`CareerPlan`:
/// any bots, mixed), compiled here for them. Called from another module, the generic
/// function is not specialized, and looked the plan's type up every tick (a tenth of
/// `ocean sim --days`'s instructions).
public func runCareer(rules: Rules, state: GameState, plan: CareerPlan, watch: ([Event], GameState) -> Void,
                      dayEnded: (GameState, _ plannedThrough: Int) throws -> Void) rethrows -> GameState {
    try playCareer(rules: rules, state: state, plan: plan, watch: watch, dayEnded: dayEnded)
}

private func playCareer<B: Bot, E: Error>(rules: Rules, state: GameState, plan: CareerPlanOf<B>,
                                          watch: ([Event], GameState) -> Void,
                                          dayEnded: (GameState, _ plannedThrough: Int) throws(E) -> Void) throws(E) -> GameState {
    var sim = Simulation(rules: rules, state: state)
    var plan = plan
    var day = plan.day
    while let input = plan.input(for: &sim) {
        if plan.day != day {
            if day >= 0 { try dayEnded(sim.state, plan.day - 1) }
            day = plan.day
        }
        sim.step(input)
        if !sim.events.isEmpty { watch(sim.events, sim.state) }
    }
    try dayEnded(sim.state, plan.day - 1)
    return sim.state
}

extension BotKind {
    /// `runCareer(rules:state:plan:dayEnded:)` for a career of this one kind of bot
    /// (seeded `botSeed`; the plan `planSeed`), the bot called as its own type. The plan
    /// is made here, inside the drivers, where it is specialized for the bot: made in
    /// another module, or generic over what a callback throws, it was not, and each
    /// tick looked its type up (slower than the `[any Bot]` it replaces).
    public func runCareer(rules: Rules, state: GameState, options: CareerOptions, botSeed: UInt64, planSeed: UInt64,
                          skill: Int = 70, input: HumanBot.Input = .keys,
                          dayEnded: @escaping (GameState, _ plannedThrough: Int) -> Void) -> GameState {
        with(seed: botSeed, skill: skill, input: input,
             CareerOfOneKind(rules: rules, state: state, options: options, seed: planSeed, dayEnded: dayEnded))
    }
}

/// `BotKind.runCareer`'s career, given its bot as its own type.
private struct CareerOfOneKind: BotBody {
    let rules: Rules
    let state: GameState
    let options: CareerOptions
    let seed: UInt64
    let dayEnded: (GameState, Int) -> Void

    func run<B: Bot>(_ bot: B) -> GameState {
        OceanDrivers.runCareer(rules: rules, state: state, plan: CareerPlanOf(options: options, bots: [bot], seed: seed)) {
            (state: GameState, day: Int) throws(Never) in dayEnded(state, day)
        }
    }
}

/// Plays `games` games with a bot and records them as a replay into `sink`.
/// `progress` hears the games finished so far every `InputFeed.checkEvery` ticks.
public func recordGames<Sink: ReplaySink>(header: ReplayHeader, schedule: BotSchedule, skill: Int, input: HumanBot.Input = .keys,
                                           games: Int, botSeed: UInt64? = nil, sink: Sink,
                                           progress: ((Int) -> Void)? = nil) -> ReplayRecorder<Sink> {
    recordingGames(header: header, schedule: schedule, skill: skill, input: input, games: games, botSeed: botSeed, sink: sink,
                   progress: progress)
}

/// `recordGames` into a file (`ocean replay record`), compiled here for that sink:
/// called from another module, the generic function looked the recorder's type up
/// every tick.
public func recordGames(header: ReplayHeader, schedule: BotSchedule, skill: Int, input: HumanBot.Input = .keys,
                        games: Int, botSeed: UInt64? = nil, sink: AtomicFileSink,
                        progress: ((Int) -> Void)? = nil) -> ReplayRecorder<AtomicFileSink> {
    recordingGames(header: header, schedule: schedule, skill: skill, input: input, games: games, botSeed: botSeed, sink: sink,
                   progress: progress)
}

private func recordingGames<Sink: ReplaySink>(header: ReplayHeader, schedule: BotSchedule, skill: Int, input: HumanBot.Input,
                                              games: Int, botSeed: UInt64?, sink: Sink,
                                              progress: ((Int) -> Void)?) -> ReplayRecorder<Sink> {
    var recorder = ReplayRecorder(header: header, sink: sink)
    // The bots' own randomness comes from the game's seed unless given apart (the Daily
    // Ocean: every player's game has the day's seed, each bot its own).
    var plan = schedule.plan(seed: botSeed ?? header.seed, skill: skill, input: input, games: games,
                             session: .beginSession(header.date, minuteOfDay: header.minuteOfDay), mode: header.mode ?? .classic)
    let before = recorder.simulation.state.totals.games  // a starting state has games of its own
    while recorder.step({ sim in
        guard let input = plan.input(for: &sim) else { return nil }
        if let progress, sim.state.tick % InputFeed.checkEvery == 0 { progress(sim.state.totals.games - before) }
        return input
    }) {}
    recorder.finish()
    return recorder
}

/// Plays a career of `days` days (see `CareerPlan`) and records it as one replay.
/// `progress` hears the days begun so far every `InputFeed.checkEvery` ticks.
public func recordCareer<B: Bot, Sink: ReplaySink>(header: ReplayHeader, plan: CareerPlanOf<B>, sink: Sink,
                                                   progress: ((Int) -> Void)? = nil) -> ReplayRecorder<Sink> {
    recordingCareer(header: header, plan: plan, sink: sink, progress: progress)
}

/// `recordCareer` of the CLI's plans into a file (`ocean replay record --days`),
/// compiled here for them: called from another module, the generic function looked
/// the plan's and the recorder's types up every tick.
public func recordCareer(header: ReplayHeader, plan: CareerPlan, sink: AtomicFileSink,
                         progress: ((Int) -> Void)? = nil) -> ReplayRecorder<AtomicFileSink> {
    recordingCareer(header: header, plan: plan, sink: sink, progress: progress)
}

private func recordingCareer<B: Bot, Sink: ReplaySink>(header: ReplayHeader, plan: CareerPlanOf<B>, sink: Sink,
                                                       progress: ((Int) -> Void)?) -> ReplayRecorder<Sink> {
    var recorder = ReplayRecorder(header: header, sink: sink)
    var plan = plan
    while recorder.step({ sim in
        guard let input = plan.input(for: &sim) else { return nil }
        if let progress, sim.state.tick % InputFeed.checkEvery == 0 { progress(max(0, plan.day)) }
        return input
    }) {}
    recorder.finish()
    return recorder
}

/// Runs a replay's inputs under `rules` (its own, or others for a what-if) to the
/// replay's last tick (from its starting state), ignoring its checkpoints. `goOn`
/// is asked every `InputFeed.checkEvery` ticks; when it says no, play stops there.
public func replayInputs(_ replay: Replay, rules: Rules, goOn: ((Int) -> Bool)? = nil) -> GameState {
    var sim = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
    var feed = InputFeed(replay.inputs)
    feed.play(&sim, to: replay.end?.tick ?? replay.lastTick, goOn: goOn)
    return sim.state
}
