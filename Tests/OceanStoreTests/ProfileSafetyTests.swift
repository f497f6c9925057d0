import Foundation
import Testing
import OceanKernel
@testable import OceanStore
import OceanSystem
import OceanDrivers
import TestSupport

private var rules: Rules { get throws { try shippedRules } }

/// A state some days into a career and in the middle of a game, items falling.
private func midGameState() throws -> GameState {
    var options = CareerPlan.Options()
    options.days = 3
    let career = runCareer(rules: try rules, state: GameState(rules: try rules, seed: 11),
                           plan: CareerPlanOf(options: options, bots: [GreedyBot()], seed: 11)) { (_: GameState) throws(Never) in }
    var sim = Simulation(rules: try rules, state: career)
    sim.step(TickInput(command: .start(.classic)))
    var bot = GreedyBot()
    for _ in 0..<200_000 where sim.state.items.count < 3 || sim.state.round < 2 {
        sim.step(TickInput(move: bot.move(sim.state, rules: try rules), command: sim.state.mode == .idle ? .start(.classic) : .none))
    }
    precondition(sim.state.items.count >= 3)
    return sim.state
}

/// A profile's text around `bytes` with its checksum recomputed (a forged profile).
private func forged(_ bytes: [UInt8]) -> String {
    let body = "OCEAN-PROFILE 3\nengine forged\nstate \(Base64.encode(bytes))\n"
    return body + "checksum \(hex16(ProfileText.checksum(body)))\n"
}

private func words(_ bytes: [UInt8]) -> [UInt64] {
    var out: [UInt64] = []
    for i in stride(from: 0, to: bytes.count, by: 8) {
        var w: UInt64 = 0
        for j in 0..<8 { w |= UInt64(bytes[i + j]) << UInt64(8 * j) }
        out.append(w)
    }
    return out
}

private func bytes(_ words: [UInt64]) -> [UInt8] {
    words.flatMap { w in (0..<8).map { UInt8(truncatingIfNeeded: w >> (8 * UInt64($0))) } }
}

private func folder(_ name: String) -> String { freshFolder(name) }

private func list(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

@Suite struct ProfileSafetyTests {
    @Test func everyStateWordForgedIsAStateOrAnErrorNeverACrash() throws {
        let state = try midGameState()
        #expect(try state.validate(rules: rules).isEmpty)
        let original = words(StateEncoding.encode(state))
        var accepted = 0, refused = 0
        for index in original.indices {
            for value in [0, -1, Int.max, Int.min] {
                var w = original
                w[index] = UInt64(bitPattern: Int64(value))
                let text = forged(bytes(w))
                do {
                    let s = try Profile.decode(text, path: "forged", rules: rules)
                    accepted += 1
                    // What loads must play on and print without trapping.
                    var sim = Simulation(rules: try rules, state: s)
                    for i in 0..<1_500 { sim.step(TickInput(move: i % 90 < 45 ? .left : .right, command: i == 0 ? .start(.classic) : .none)) }
                    _ = CareerReport(sim.state, rules: try rules).text
                    _ = CareerReport(s, rules: try rules).json
                } catch {
                    refused += 1
                    #expect(String(describing: error).hasPrefix("forged: "))
                }
            }
        }
        #expect(accepted > 0 && refused > original.count, "\(accepted) accepted, \(refused) refused")
        // The reported cases name their field.
        func message(_ change: (inout GameState) -> Void) -> String {
            var s = state
            change(&s)
            do { _ = try Profile.decode(forged(StateEncoding.encode(s)), path: "profile", rules: rules) } catch { return String(describing: error) }
            return "accepted"
        }
        #expect(message { $0.career.today = Int.max }.hasPrefix("profile: state field career.today: 9223372036854775807 is out of range ("))
        #expect(message { $0.tick = -1 }.hasPrefix("profile: state field tick: -1 is out of range"))
        #expect(message { $0.totals.grams = Int.max }.contains("state field totals.grams: 9223372036854775807"))
        #expect(message { $0.health = Int.max }.contains("state field health: "))
        #expect(message { $0.round = 0 }.contains("state field round: 0"))
        #expect(message { $0.random = GameRandom(s0: 0, s1: 0, s2: 0, s3: 0) }.contains("state field random: "))
    }

    @Test func plantedLinksAtTemporaryNamesChangeNothingOutside() throws {
        let dir = folder("planted"), other = folder("victims")
        let path = dir + "/profile"
        try Profile.save(GameState(rules: rules, seed: 1), path: path)
        // The names the old writer used, and a few guesses at the new ones.
        var victims: [String] = []
        for (i, name) in ["profile.tmp-\(getpid())", ".profile.tmp-\(getpid())", ".profile.tmp-\(getpid())-0",
                          ".profile.tmp-\(getpid())-0000000000000000"].enumerated() {
            let victim = other + "/victim\(i)"
            try "precious \(i)\n".write(toFile: victim, atomically: false, encoding: .utf8)
            #expect(symlink(victim, dir + "/" + name) == 0)
            victims.append(victim)
        }
        let before = list(dir)
        let state = try midGameState()
        for _ in 0..<3 { try Profile.save(state, path: path) }
        for (i, victim) in victims.enumerated() {
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious \(i)\n")
        }
        #expect(list(dir) == before, "the planted links stay links; nothing else appears")
        #expect(try Profile.load(path: path, rules: rules) == state)
    }

    @Test func aLinkedProfileUpdatesItsTargetAndKeepsModeAndLink() throws {
        let dir = folder("linked"), elsewhere = folder("real")
        let target = elsewhere + "/saved-profile", link = dir + "/profile"
        try Profile.save(GameState(rules: rules, seed: 1), path: target)
        #expect(chmod(target, 0o600) == 0)
        #expect(symlink(target, link) == 0)
        let state = try midGameState()
        try Profile.save(state, path: link)
        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & 0o170000 == 0o120000, "still a link")
        #expect(stat(target, &st) == 0 && st.st_mode & 0o7777 == 0o600, "mode 0600 kept")
        #expect(try Profile.load(path: target, rules: rules) == state)
        #expect(list(dir) == ["profile"] && list(elsewhere) == ["saved-profile"])
        // A dangling link gets its target created.
        let dangling = dir + "/dangling"
        #expect(symlink(elsewhere + "/new-profile", dangling) == 0)
        try Profile.save(state, path: dangling)
        #expect(try Profile.load(path: elsewhere + "/new-profile", rules: rules) == state)
        #expect(lstat(dangling, &st) == 0 && st.st_mode & 0o170000 == 0o120000)
    }

    @Test func staleTemporariesOfDeadProcessesGo() throws {
        let dir = folder("stale")
        let path = dir + "/profile"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        let dead = p.processIdentifier
        for name in [".profile.tmp-\(dead)-0123456789abcdef", ".profile.tmp-1-0123456789abcdef", ".other.tmp-\(dead)-1"] {
            try "partial".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
        }
        try Profile.save(GameState(rules: rules, seed: 1), path: path)
        #expect(list(dir) == [".other.tmp-\(dead)-1", ".profile.tmp-1-0123456789abcdef", "profile"],
                "the dead process's temporary is gone; a live one's (pid 1) and another file's stay")
    }

    @Test func writeErrorsSayTheSystemsReason() throws {
        let dir = folder("errors")
        #expect(mkdir(dir + "/profile", 0o755) == 0)
        #expect(throws: Profile.LoadError.self) { try Profile.save(GameState(rules: rules, seed: 1), path: dir + "/profile") }
        do { try Profile.save(GameState(rules: rules, seed: 1), path: dir + "/profile") } catch {
            #expect(String(describing: error).contains("is a directory"))
        }
        try "x".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
        do { try Profile.save(GameState(rules: rules, seed: 1), path: dir + "/file/profile") } catch {
            #expect(String(describing: error).contains("Not a directory") || String(describing: error).contains("cannot create the folder"), "\(error)")
        }
        try Profile.save(GameState(rules: rules, seed: 1), path: dir + "/ro")
        #expect(chmod(dir + "/ro", 0o444) == 0)
        do { try Profile.save(GameState(rules: rules, seed: 2), path: dir + "/ro"); Issue.record("a read-only profile was replaced") } catch {
            #expect(String(describing: error).contains("read-only (mode 0444)"))
        }
        #expect(try Profile.load(path: dir + "/ro", rules: rules)?.random == GameState(rules: rules, seed: 1).random)
    }

    @Test func oneWriterAtATime() throws {
        let dir = folder("lock")
        let first = try ProfileStore(path: dir + "/profile", rules: rules)
        #expect(throws: Profile.LoadError.self) { try ProfileStore(path: dir + "/profile", rules: rules) }
        do { _ = try ProfileStore(path: dir + "/profile", rules: rules) } catch {
            #expect(String(describing: error).contains("in use by another run (pid \(getpid()))"), "\(error)")
        }
        first.release()
        _ = try ProfileStore(path: dir + "/profile", rules: rules)
    }

    /// Two names of one file (a hard link) are one profile: the second name's run is
    /// refused though its lock file (`hard.lock`) is free (issue 49).
    @Test func oneWriterThroughAHardLinkToo() throws {
        let dir = folder("hard-link")
        try Profile.save(GameState(rules: rules, seed: 1), path: dir + "/profile")
        #expect(link(dir + "/profile", dir + "/hard") == 0)
        let first = try ProfileStore(path: dir + "/profile", rules: rules)
        do {
            _ = try ProfileStore(path: dir + "/hard", rules: rules)
            Issue.record("a second run opened the same file through its hard link")
        } catch {
            #expect(String(describing: error).contains("another name of the same file (a hard link)"), "\(error)")
        }
        first.release()
        _ = try ProfileStore(path: dir + "/hard", rules: rules)
    }

    @Test func plannedThroughIsKeptAndOldProfilesStillLoad() throws {
        let state = try midGameState()
        let date = CalendarDate(year: 2026, month: 2, day: 3)
        let text = Profile.encode(state, plannedThrough: date)
        #expect(text.contains("\nplanned-through 2026-02-03\n"))
        let back = try Profile.decodeContents(text, path: "p", rules: rules)
        #expect(back.state == state && back.plannedThrough == date)
        // Five lines (magic, engine, state, cards, checksum): loads, nothing planned.
        let old = Profile.encode(state)
        #expect(old.split(separator: "\n").count == 5)
        #expect(try Profile.decodeContents(old, path: "p", rules: rules).plannedThrough == nil)
        // The text matches what Foundation's base64 wrote before.
        #expect(old.contains("state " + Data(StateEncoding.encode(state)).base64EncodedString() + "\n"))
        let unknown = forged(StateEncoding.encode(state)).replacingOccurrences(of: "\nchecksum", with: "\nmystery 1\nchecksum")
        #expect(throws: Profile.LoadError.self) { try Profile.decode(unknown, path: "p", rules: rules) }
    }

    @Test func aNoOverwriteWriterNeverReplacesAFileThatAppearedMeanwhile() throws {
        let dir = folder("no-clobber")
        let path = dir + "/run.replay"
        let writer = try AtomicWriter(path: path, overwrite: false)
        try writer.write("mine\n")
        try "the other recorder's\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: FileError.self) { try writer.commit() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the other recorder's\n")
        #expect(list(dir) == ["run.replay"], "the temporary is gone")
        #expect(throws: FileError.self) { try AtomicWriter(path: path, overwrite: false) }
        let again = try AtomicWriter(path: path)
        try again.write("replaced\n")
        try again.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "replaced\n")
    }

    @Test func aRestoredStateIsValidatedFirst() throws {
        var s = try midGameState()
        #expect(throws: Never.self) { _ = try Simulation(rules: rules, restoring: s) }
        s.round = 0
        #expect(throws: StateFieldError.self) { _ = try Simulation(rules: rules, restoring: s) }
    }

    /// Writes the profile fuzzer's seeds (`OCEAN_WRITE_FUZZ_SEEDS=1 swift test --filter fuzzSeeds`);
    /// skipped without it.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["OCEAN_WRITE_FUZZ_SEEDS"] != nil,
                   "writes Fuzz/profile-seeds: OCEAN_WRITE_FUZZ_SEEDS=1"))
    func fuzzSeeds() throws {
        let dir = repoRoot + "/Fuzz/profile-seeds"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let mid = try midGameState()
        let fresh = GameState(rules: try rules, seed: 1)
        let seeds: [(String, [UInt8])] = [
            ("text-fresh", [0] + Array(Profile.encode(fresh).utf8)),
            ("text-mid-game-planned", [0] + Array(Profile.encode(mid, plannedThrough: CalendarDate(year: 2026, month: 1, day: 9)).utf8)),
            ("text-v1", [0] + Array(try String(contentsOfFile: repoRoot + "/Tests/OceanStoreTests/Fixtures/profile-v1.profile",
                                               encoding: .utf8).utf8)),
            ("state-fresh", [1] + StateEncoding.encode(fresh)),
            ("state-mid-game", [1] + StateEncoding.encode(mid)),
            ("state-mid-game-planned", [3] + StateEncoding.encode(mid)),
        ]
        for (name, data) in seeds { try Data(data).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        for (name, data) in seeds { #expect(FileManager.default.contents(atPath: dir + "/" + name) == Data(data), "\(name)") }
    }
}
