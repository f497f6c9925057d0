// libFuzzer entry point for the profile decoder (`make fuzz-profile SECONDS=N`):
// the Foundation-free core of `Profile.load`, that is the profile text
// (`ProfileText.parse`), the state decoder (`StateEncoding.decode`) and the state
// validation (`GameState.validate`).
//
// Every input must give a state or an error, never a crash, a hang or an unbounded
// allocation; a state that passes validation must also tick without trapping.
//
// The first byte picks what the rest is:
// - even: a profile's text, as read from disk (checksum and all);
// - odd: the state's bytes, wrapped in a profile whose checksum is computed here:
//   a forged profile, the way a hostile editor would make one.

#if canImport(Glibc)
import Glibc
#endif

/// The rules the fuzzer checks states against: the shipped balance, as a golden
/// replay carries it (no TOML parser in this build).
private let fuzzRules: Rules = {
    let path = getenv("OCEAN_FUZZ_BALANCE_REPLAY").map { String(cString: $0) } ?? "replays/greedy-bot.replay"
    guard let read = try? ReplayReader.read(path: path) else {
        fatalError("cannot read \(path): run from the repository root or set OCEAN_FUZZ_BALANCE_REPLAY")
    }
    return Rules(read.replay.header.balance)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func profileDecoderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text: String
    if data[0] & 1 == 0 {
        guard let t = String(validating: rest, as: UTF8.self) else { return 0 }
        text = t
    } else {
        var body = "\(ProfileText.magic) \(ProfileText.version)\nengine fuzz\nstate \(Base64.encode(rest))\n"
        if data[0] & 2 != 0 { body += "planned-through 2026-01-05\n" }
        var h = FNV1a64()
        h.write(bytes: body.utf8)
        text = body + "checksum \(hex16(h.value))\n"
    }
    guard let contents = try? ProfileText.parse(text, rules: fuzzRules) else { return 0 }

    // Accepted: it must render and read back as the same state…
    let again = ProfileText.render(contents.state, plannedThrough: contents.plannedThrough, player: contents.player)
    guard let back = try? ProfileText.parse(again, rules: fuzzRules), back.state == contents.state else {
        fatalError("an accepted profile does not read back the same")
    }
    // …and play on: a game started, the bin pushed both ways, a session, a few seconds.
    var sim = Simulation(rules: fuzzRules, state: contents.state)
    for i in 0..<900 {
        let command: Command = i == 0 ? .startGame : (i == 1 ? .beginSession(CalendarDate(year: 2026, month: 3, day: 1), minuteOfDay: 600) : .none)
        sim.step(TickInput(move: (i / 40) % 2 == 0 ? .left : .right, command: command))
        // A counter or the tick forged right at the validator's cap (2^50, 2^48) may
        // step past it: 900 ticks add far less than 2^32, and no real career gets
        // anywhere near either cap.
        let issues = sim.state.validate(rules: fuzzRules).filter { issue in
            guard let v = Int(issue.value) else { return true }
            let justPast = { (cap: Int) in v > cap && v <= cap + (1 << 32) }
            return !(justPast(GameState.maxCount) || justPast(GameState.maxTick))
        }
        if !issues.isEmpty && i == 899 {
            fatalError("a valid state ticked into an invalid one: \(issues)")
        }
    }
    return 0
}
