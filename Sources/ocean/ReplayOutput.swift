import OceanCLI
import OceanDrivers
import OceanReplay
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The sink a recording writes to (`replay record`'s --out, each part of `play`'s
/// --record), or why there is none: an existing file without --force (said naming
/// `flag`), a folder, a read-only file, the system's reason.
func openReplaySink(_ out: String, force: Bool, flag: String = "--out") throws(FileError) -> AtomicFileSink {
    do {
        return try AtomicFileSink(path: out, overwrite: force)
    } catch {
        guard error.code == EEXIST else { throw error }
        throw FileError(path: out, message: "exists; add --force (\(flag)) to replace it once the new recording is finished",
                        code: EEXIST)
    }
}

/// What a command says when `openReplaySink` refused `out`: an existing file by its flag.
func sinkProblem(_ error: FileError, _ out: String, flag: String = "--out") -> String {
    error.code == EEXIST ? "ocean: \(flag) '\(out)' exists; add --force to replace it once the new recording is finished"
        : error.description
}

/// Fails (exit 2) when a recording of `games` games (or `days` days) would be larger than a
/// replay may be (`ReplayFormat.maxFileBytes`): the first game is recorded in memory
/// with the same bots and checkpoints, and the whole is estimated from it with a
/// quarter's margin for longer games.
func refuseOversizedRecording(header: ReplayHeader, schedule: BotSchedule, skill: Int, input: HumanBot.Input = .keys,
                               games: Int, days: Int?) throws {
    let probe = recordGames(header: header, schedule: schedule, skill: skill, input: input, games: 1, sink: StringSink())
    let perGame = probe.sink.text.utf8.count
    let (product, overflow) = max(1, games).multipliedReportingOverflow(by: perGame + perGame / 4)
    let estimate = overflow ? Int.max : product + (days ?? 0) * 256
    guard estimate > ReplayFormat.maxFileBytes else { return }
    throw CommandFailure("--games \(games)\(days.map { " (\($0) days)" } ?? "") with --checkpoint-every \(header.checkpointEvery): "
        + "about \(estimate >> 20) MiB, more than a replay may hold (\(ReplayFormat.maxFileBytes >> 20) MiB, which "
        + "`replay verify` refuses); record fewer games or checkpoint less often (a larger --checkpoint-every)")
}
