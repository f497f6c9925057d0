import ArgumentParser
import OceanCLI
import OceanKernel
import OceanDrivers
import OceanAssets
import OceanReplay
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The impact factors per item of every kind of `rules` (from the per-kilogram rates
/// of `path`, else the shipped `assets/impact.toml`, and each kind's mass), or a failure
/// naming what is wrong (file, line and key; a kind without rates by name).
func loadImpactFactors(path: String? = nil, rules: Rules) throws -> ImpactFactors {
    guard let path = path ?? defaultImpactPath() else {
        throw CommandFailure("ocean: cannot find assets/impact.toml; name an impact file with --impact FILE")
    }
    do { return rules.impactFactors(try ImpactLoader.load(path: path, kinds: rules.kindKeys)) } catch { throw CommandFailure(error.description) }
}

/// Every kind of `rules` has its sprite, impact factors and (with `content`) its
/// words, or a failure naming each that lacks one.
func checkKindData(_ rules: Rules, assets: FrontAssets, content: CareerContent? = nil) throws {
    do {
        try KindData.check(kinds: rules.kindKeys, assets: assets, content: content)
        try KindData.check(seas: rules.seaKeys, assets: assets)
    } catch { throw CommandFailure(error.description) }
}

/// `--impact FILE`, for the commands that report a career's impact.
struct ImpactOption: ParsableArguments {
    @Option(name: .long, help: "Impact factors per kilogram of each item kind (TOML), for a career's report. Default: the shipped assets/impact.toml.")
    var impact: String?

    func validate() throws { try checkPath(impact, flag: "--impact") }

    func load(rules: Rules) throws -> ImpactFactors { try loadImpactFactors(path: impact, rules: rules) }
}

/// `--profile PATH`, shared by the profile commands.
struct ProfileOption: ParsableArguments {
    @Option(help: "The profile (default: $XDG_DATA_HOME/ocean-rescue/profile, else ~/.local/share/ocean-rescue/profile).")
    var profile: String?

    func validate() throws { try checkPath(profile, flag: "--profile") }

    /// The profile's path; a failure naming `--profile` when no default can be found.
    var path: String {
        get throws {
            if let profile { return profile }
            guard let path = Profile.defaultPathIfKnown(), DataFolder.problem() == nil else {
                try failWithoutDataFolder("profile", flag: "--profile")
            }
            return path
        }
    }
}

/// Fails (exit 2) when a default file is needed but there is no data folder
/// (`DataFolder`): the user names the file rather than have one guessed.
func failWithoutDataFolder(_ what: String, flag: String) throws -> Never {
    throw CommandFailure("ocean: \(DataFolder.problem() ?? "neither $XDG_DATA_HOME nor $HOME is set"), so there is no default \(what); "
        + "name one with \(flag) PATH")
}

// MARK: Checks shared by the commands' validate()

/// A `--bot` schedule, naming the entry that is not a bot.
func checkBot(_ bot: String) throws {
    if let problem = BotSchedule.problem(bot) {
        throw ValidationError("--bot '\(bot)': \(problem); allowed: \(BotKind.names), or several separated by commas")
    }
}

/// `--skill` only when a bot uses it.
func checkSkill(_ skill: Int?, bot: String) throws {
    try checkRange(skill, "--skill", 0...100)
    if skill != nil, let schedule = BotSchedule(bot), !schedule.usesSkill {
        throw ValidationError("--skill only changes the human bot, and --bot \(bot) has none; leave --skill out or use --bot human")
    }
}

/// `--input` only when a bot uses it (the human), and not for a career's days.
func checkInput(_ input: HumanBot.Input?, bot: String, days: Int?) throws {
    guard input != nil else { return }
    if let schedule = BotSchedule(bot), !schedule.usesSkill {
        throw ValidationError("--input only changes the human bot, and --bot \(bot) has none; leave --input out or use --bot human")
    }
    if days != nil { throw ValidationError("--input goes with --games: a career's days play on the keys") }
}

/// `--games` plays single games and the career flags need `--days`: never both.
func checkCareerFlags(days: Int?, games: Int?, gamesPerDay: Int?, skipPercent: Int?) throws {
    if days != nil, games != nil {
        throw ValidationError("--games and --days do not go together: --days plays a career (--games-per-day sets its games each day)")
    }
    if days == nil {
        for (flag, value) in [("--games-per-day", gamesPerDay), ("--skip-percent", skipPercent)] where value != nil {
            throw ValidationError("\(flag) goes with --days (a career); without --days it would change nothing")
        }
    }
}

/// A date flag: written YYYY-MM-DD and a real calendar date, said apart.
func parseDate(_ text: String, flag: String = "--date") throws -> CalendarDate {
    guard let shape = ReplayFormat.dateShape(Substring(text)) else {
        throw ValidationError("\(flag): '\(text)' is not a date written YYYY-MM-DD")
    }
    guard shape.isValid else {
        throw ValidationError("\(flag): '\(text)' is not a calendar date (years 0001 to 9999; \(shape.month >= 1 && shape.month <= 12 ? "that month has \(CalendarDate.daysIn(month: shape.month, year: shape.year)) days" : "months 01 to 12"))")
    }
    return shape
}

/// A time-of-day flag, written HH:MM.
func parseTime(_ text: String, flag: String = "--time") throws -> Int {
    guard let minute = ReplayFormat.minute(Substring(text)) else {
        throw ValidationError("\(flag): '\(text)' is not a time of day written HH:MM (00:00 to 23:59)")
    }
    return minute
}

/// The machine's local date and minute of the day: metadata for a new recording.
func localNow() -> (date: LocalDate, minute: Int) {
    var t = time(nil)
    var parts = tm()
    localtime_r(&t, &parts)
    return (LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
            Int(parts.tm_hour) * 60 + Int(parts.tm_min))
}

/// Stops with status 130 (128 + the signal) after saying what was done, when Ctrl-C
/// (or SIGTERM, SIGHUP) asked for it.
func exitIfInterrupted(_ what: String) throws {
    guard let signal = Interruption.requested else { return }
    throw CommandFailure("stopped by \(Interruption.name(signal)): \(what)", status: 128 + signal)
}
