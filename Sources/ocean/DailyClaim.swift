import OceanDaily
import OceanDrivers
import OceanKernel
import OceanReplay
import OceanSystem

/// A replay that says it is a Daily Ocean (its comment, as the game and `ocean daily
/// record` write it: "The Daily Ocean of YYYY-MM-DD") is held to that claim where it
/// is checked: `replay verify` refuses one whose seed, mode or start is not that day's
/// game under the balance it carries, so a change to the seed's derivation fails
/// `make replay-check` on the daily replays in `replays/`.
enum DailyClaim {
    static let prefix = "The Daily Ocean of "

    /// Why `file`, a daily replay by its comment, is not that day's game; nil when it
    /// is, or when it makes no such claim (or cannot be read: the verification says so).
    static func problem(file: String) -> String? {
        guard let day = claimedDay(file) else { return nil }
        // A run of two hours at most is far below this; a larger file is not read whole.
        guard let size = fileSize(file), size <= 8 << 20 else { return "its comment says it is a Daily Ocean, but it is longer than any" }
        guard let read = try? ReplayReader.read(path: file) else { return nil }
        let header = read.replay.header
        guard let date = ReplayFormat.dateShape(Substring(day)), date.isValid else {
            return "its comment says it is a Daily Ocean, but '\(oneLine(String(day), limit: 20))' is not a date written YYYY-MM-DD"
        }
        return DailyGame.problem(read.replay, date: date, balance: header.balance).map { "not the Daily Ocean of \(date): \($0)" }
    }

    /// The day a replay's comment names as its Daily Ocean, from its header alone (its
    /// first 64 KB, before the first input): nil when it makes no such claim.
    static func claimedDay(_ file: String) -> Substring? {
        guard let head = readFileBytes(file, limit: 64 << 10) ?? readFirst(file) else { return nil }
        for line in head.split(separator: 10) {
            if line.first == UInt8(ascii: "i") { break }
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("comment " + prefix) { return Substring(text.dropFirst(8 + prefix.count).prefix(10)) }
        }
        return nil
    }

    /// The first 64 KB of a file larger than that.
    static func readFirst(_ file: String) -> [UInt8]? {
        guard let reader = FileReader(path: file) else { return nil }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let n = reader.read(into: &chunk)
        return n > 0 ? Array(chunk[0..<n]) : nil
    }

    /// `results` with each passing daily replay that breaks its claim turned into a failure saying why.
    static func checked(_ results: [FileResult]) -> [FileResult] {
        results.map { r in
            guard r.passed, let why = problem(file: r.file) else { return r }
            var failed = FileResult(file: r.file, error: "\(PathName.shortened(r.file)): \(why)")
            failed.seconds = r.seconds
            return failed
        }
    }
}
