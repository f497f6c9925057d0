/// The pet's growth and mood.
///
/// Stages follow the plastic diverted since adoption (`pet.*_from_grams`). Mood is
/// the first that applies of: Missing You (after days away, until the next game or
/// scan), Excited (for `pet.excited_ms` after a combo reaches `pet.excited_combo` or
/// a level-up), Focused (while a game is on), Happy (for `pet.happy_ms` after the
/// daily goal or an ocean phase improvement), Sleepy (in sleepy hours, or after
/// `pet.sleepy_idle_ms` with no input), and Happy otherwise.
enum PetSystem {
    static func adopt(_ command: Command, _ s: inout GameState, events: inout [Event]) {
        guard case .adopt(let form) = command else { return }
        guard !s.career.pet.adopted else {
            events.append(.inputIgnored(.alreadyAdopted))
            return
        }
        var pet = PetState()
        pet.adopted = true
        pet.form = form
        pet.gramsAtAdoption = s.totals.grams
        pet.lastInputTick = s.tick
        s.career.pet = pet
        events.append(.petAdopted(form))
    }

    static func run(_ s: inout GameState, log: borrowing TickLog, rules: Rules, events: inout [Event]) {
        guard s.career.pet.adopted else { return }
        let tick = s.tick
        var pet = s.career.pet
        if log.playerActed { pet.lastInputTick = tick }
        if log.leveledUp || (s.game.combo >= rules.pet.excitedCombo && log.before.combo < rules.pet.excitedCombo) {
            pet.excitedUntil = tick + rules.excitedTicks
        }
        if log.goalReached || s.phase > log.before.phase { pet.happyUntil = tick + rules.happyTicks }

        // The stage walks up only past the next stage's threshold (a target above the
        // current stage has passed it), so below it the walk is skipped: every tick
        // of an adopted pet, the same stages.
        let grams = s.totals.grams - pet.gramsAtAdoption
        if let next = PetStage(rawValue: pet.stage.rawValue + 1), grams >= rules.stageFrom[next.rawValue] {
            let target = rules.stage(forGrams: grams)
            while pet.stage < target {
                pet.stage = PetStage(rawValue: pet.stage.rawValue + 1)!
                events.append(.petEvolved(to: pet.stage))
            }
        }

        let mood: PetMood
        if pet.missingYou {
            mood = .missingYou
        } else if tick < pet.excitedUntil {
            mood = .excited
        } else if s.mode != .idle {
            mood = .focused
        } else if tick < pet.happyUntil {
            mood = .happy
        } else if (s.career.hasSession && rules.isSleepyHour(s.minuteOfDay)) || tick - pet.lastInputTick >= rules.sleepyIdleTicks {
            mood = .sleepy
        } else {
            mood = .happy
        }
        if mood != pet.mood {
            events.append(.petMoodChanged(from: pet.mood, to: mood))
            pet.mood = mood
        }
        s.career.pet = pet
    }
}

extension GameState {
    /// Where the pet is: at Work during a game, at Night in sleepy hours, Outdoor in
    /// the day (`pet.outdoor_*_minute`), Indoor otherwise.
    public func petScene(rules: Rules) -> PetScene {
        if mode != .idle { return .work }
        guard career.hasSession else { return .indoor }
        let minute = minuteOfDay
        if rules.isSleepyHour(minute) { return .night }
        if minute >= rules.pet.outdoorFromMinute && minute < rules.pet.outdoorUntilMinute { return .outdoor }
        return .indoor
    }
}
