import Foundation
import Testing
import OceanKernel
import OceanBalance
@testable import OceanStore
import OceanSystem
import TestSupport
import OceanDrivers

private var rules: Rules { get throws { try shippedRules } }

private func temporaryPath(_ name: String) -> String {
    let dir = NSTemporaryDirectory() + "ocean-profile-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir + "/" + name
}

/// A state some way into a career.
private func careerState(days: Int = 5) throws -> GameState {
    var options = CareerPlan.Options()
    options.days = days
    return runCareer(rules: try rules, state: GameState(rules: try rules, seed: 3),
                     plan: CareerPlanOf(options: options, bots: [GreedyBot()], seed: 3)) { (_: GameState) throws(Never) in }
}

@Suite struct ProfileTests {
    @Test func saveThenLoadGivesTheSameState() throws {
        let state = try careerState()
        let path = temporaryPath("round-trip/profile")
        try Profile.save(state, path: path)
        let loaded = try #require(try Profile.load(path: path, rules: rules))
        #expect(loaded == state)
        #expect(loaded.hash == state.hash)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("OCEAN-PROFILE 6\n"))
        // Saving again replaces it whole, leaving no temporary file behind.
        try Profile.save(GameState(rules: rules, seed: 9), path: path)
        #expect(try Profile.load(path: path, rules: rules)?.tick == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["profile"])
    }

    @Test func theProfileIsDataTheSoundSettingsAreConfigAndNoGuess() throws {
        let xdg = ["XDG_DATA_HOME": "/x", "XDG_CONFIG_HOME": "/c", "HOME": "/h"]
        #expect(Profile.defaultPathIfKnown(environment: xdg) == "/x/ocean-rescue/profile")
        #expect(AudioSettingsFile.defaultPathIfKnown(environment: xdg) == "/c/ocean-rescue/audio-settings.toml")
        let home = ["XDG_DATA_HOME": "relative", "XDG_CONFIG_HOME": "relative", "HOME": "/h"]
        #expect(AudioSettingsFile.defaultPathIfKnown(environment: home) == "/h/.config/ocean-rescue/audio-settings.toml")
        // Settings an earlier version kept beside the profile are still read while the
        // settings folder has none.
        let data = freshFolder("old-settings"), config = freshFolder("new-settings")
        try FileManager.default.createDirectory(atPath: data + "/ocean-rescue", withIntermediateDirectories: true)
        try "".write(toFile: data + "/ocean-rescue/audio-settings.toml", atomically: true, encoding: .utf8)
        let moved = ["XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config, "HOME": "/h"]
        #expect(AudioSettingsFile.defaultPathIfKnown(environment: moved) == data + "/ocean-rescue/audio-settings.toml")
        // Neither: no folder at all, never one under /tmp that anyone can write.
        for env in [[:], ["HOME": ""], ["XDG_DATA_HOME": "relative"]] {
            #expect(DataFolder.path(environment: env) == nil)
            #expect(Profile.defaultPathIfKnown(environment: env) == nil)
            #expect(AudioSettingsFile.defaultPathIfKnown(environment: env) == nil)
        }
    }

    /// The master volume scales both buses; a saved file reads back as it was, and a
    /// file from before the master volume reads as full master.
    @Test func theMasterVolumeScalesMusicAndEffectsAndRoundTrips() throws {
        var s = AudioSettings()
        (s.masterPercent, s.musicPercent, s.effectsPercent) = (50, 80, 30)
        #expect(s.musicPerMille == 400 && s.effectsPerMille == 150)
        let path = freshFolder("volumes") + "/audio-settings.toml"
        try AudioSettingsFile.save(s, path: path)
        #expect(try AudioSettingsFile.load(path: path) == s)
        try "mute = 1\nmusic_percent = 20\neffects_percent = 70\n".write(toFile: path, atomically: true, encoding: .utf8)
        let old = try AudioSettingsFile.load(path: path)
        #expect(old.masterPercent == 100 && old.musicPercent == 20 && old.mute == 1 && old.musicPerMille == 200)
        try "master_percent = 101\nmute = 0\nmusic_percent = 20\neffects_percent = 70\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: DataError.self) { try AudioSettingsFile.load(path: path) }
    }

    @Test func noFileIsANewPlayer() throws {
        #expect(try Profile.load(path: temporaryPath("absent"), rules: rules) == nil)
    }

    @Test func aVersionOneProfileMigrates() throws {
        let fixture = repoRoot + "/Tests/OceanStoreTests/Fixtures/profile-v1.profile"
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture))
        let state = try #require(try Profile.load(path: fixture, rules: rules))
        // Version 1 kept the arcade totals and the ocean; the career starts from them.
        #expect(state.totals.games == 4 && state.totals.grams == 334)
        #expect(try state.career.level == rules.level(forGrams: 334))
        #expect(state.career.level == 5, "334 g on the growing curve (level 5 from 330 g)")
        #expect(!state.career.hasSession && !state.career.pet.adopted && state.career.streak == 0)
        // It plays on, and saves as version 2.
        var options = CareerPlan.Options()
        options.days = 2
        let next = runCareer(rules: try rules, state: state, plan: CareerPlanOf(options: options, bots: [GreedyBot()], seed: 1)) {
            (_: GameState) throws(Never) in }
        #expect(next.totals.grams > 334)
        let path = temporaryPath("migrated")
        try Profile.save(next, path: path)
        #expect(try Profile.load(path: path, rules: rules) == next)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture)) == before, "loading never rewrites the file")
    }

    @Test func aCorruptProfileIsAnErrorAndLeftUntouched() throws {
        let good = Profile.encode(try careerState(days: 2))
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let state = lines[2]
        let cases: [(String, String)] = [
            ("flipped", { var l = lines; l[2] = String(state.prefix(40)) + (state.dropFirst(40).first == "A" ? "B" : "A") + state.dropFirst(41); return l.joined(separator: "\n") }()),
            ("cut", String(good.prefix(good.count / 2))),
            ("empty", ""),
            ("binary", String(decoding: [0, 1, 2, 255, 254], as: UTF8.self)),
            ("newer", good.replacingOccurrences(of: "OCEAN-PROFILE 6", with: "OCEAN-PROFILE 9")),
            ("other", "hello\nworld\n"),
        ]
        lines = []
        for (name, text) in cases {
            let path = temporaryPath("corrupt-\(name)")
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: Profile.LoadError.self, "\(name)") { try Profile.load(path: path, rules: rules) }
            do { _ = try Profile.load(path: path, rules: rules) } catch {
                #expect(String(describing: error).hasPrefix(path + ": "))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        }
    }

    /// A version 2 profile (before per-kind tallies and lifetime months) keeps every
    /// total; its last twelve months become the lifetime months.
    @Test func aVersionTwoProfileMigratesWithItsTotalsIntact() throws {
        var options = CareerPlan.Options()
        options.days = 70  // January to mid-March: three months with plastic
        let state = runCareer(rules: try rules, state: GameState(rules: try rules, seed: 5),
                              plan: CareerPlanOf(options: options, bots: [GreedyBot()], seed: 5)) { (_: GameState) throws(Never) in }
        var body = "OCEAN-PROFILE 2\nengine 0.1.0\nstate \(Data(StateEncoding.encode(state, version: 2)).base64EncodedString())\n"
        body += "checksum \(hex16(ProfileText.checksum(body)))\n"
        let path = temporaryPath("v2-profile")
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try #require(try Profile.load(path: path, rules: rules))
        #expect(loaded.totals == state.totals)
        #expect(loaded.health == state.health && loaded.phase == state.phase)
        #expect(loaded.career.months.map { [$0.month, $0.grams] } == state.career.months.map { [$0.month, $0.grams] })
        #expect(loaded.career.months.allSatisfy { $0.items == 0 }, "items per month were not kept before version 5")
        #expect(loaded.career.level == state.career.level && loaded.career.streak == state.career.streak)
        #expect(try loaded.career.kindCounts == [Int](repeating: 0, count: rules.kindCount), "tallies start at migration")
        #expect(loaded.hash(version: 2) == state.hash(version: 2), "nothing version 2 held is lost")
    }

    /// Version 4 keeps the player beside the state: the name to greet and the story
    /// already seen. A version 3 profile (the one before) loads with its state whole, a
    /// player with no name who has seen nothing, and saves as version 4.
    @Test func theNameAndStoryFlagsRoundTripAndAVersionThreeProfileMigrates() throws {
        let state = try careerState(days: 2)
        let path = temporaryPath("v4/profile")
        let player = ProfileText.Player(name: "Ada L.", introSeen: true, outroSeen: false)
        try Profile.save(state, player: player, path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\nname Ada L.\nseen intro\n"), "\(text)")
        let loaded = try #require(try Profile.loadContents(path: path, rules: rules))
        #expect(loaded.state == state && loaded.player == player && loaded.version == ProfileText.version)

        // As version 3 wrote it: state encoding 3, which had no day's starting health
        // (read back as today's health: the day's band starts where the ocean stands).
        var v3 = "OCEAN-PROFILE 3\nengine 0.1.0\nstate \(Base64.encode(StateEncoding.encode(state, version: 3)))\n"
        v3 += "checksum \(hex16(ProfileText.checksum(v3)))\n"
        let old = try ProfileText.parse(v3, rules: rules)
        // Nor the challenges' fields of encoding 5: a career seed is made from the random
        // stream, counts start at migration, months keep their plastic without items.
        var expected = state
        expected.healthDayStart = state.health
        (expected.healthDayNet, expected.scansToday) = (0, 0)  // encoding 7's, unknown to 3
        expected.game.seaLifeHits = 0                          // encoding 9's
        (expected.seas, expected.seaIndex) = ([], 0)           // encoding 10's
        (expected.masteryToday, expected.rewardsToday) = (0, 0) // encoding 12's
        let r = state.random
        expected.career.seed = ChallengeDraw.careerSeed(from: r.s0 ^ r.s1 ^ r.s2 ^ r.s3)
        expected.career.activeDays = 0
        for i in expected.career.months.indices {
            expected.career.months[i].kindCounts = [Int](repeating: 0, count: try rules.kindCount)
        }
        #expect(old.state == expected && old.version == 3 && old.player == ProfileText.Player())
        // Version 3 knew no name line: one there is refused, as any unknown line is.
        var forged = "OCEAN-PROFILE 3\nengine 0.1.0\nstate \(Base64.encode(StateEncoding.encode(state)))\nname Ada\n"
        forged += "checksum \(hex16(ProfileText.checksum(forged)))\n"
        #expect(throws: ProfileText.Problem.self) { try ProfileText.parse(forged, rules: rules) }
    }

    /// A name is UTF-8, its limit in characters: 16 letters with accents are 16, not 30 bytes.
    @Test func aNameOfAnyLettersRoundTripsAndItsLimitCountsCharacters() throws {
        let name = "Zoë Núñez-Groß ł"
        #expect(name.count == 16 && name.utf8.count > 16)
        #expect(ProfileText.Player.isValidName(name) && !ProfileText.Player.isValidName(name + "x"))
        let path = temporaryPath("utf8/profile")
        let player = ProfileText.Player(name: name, introSeen: true)
        try Profile.save(try careerState(days: 1), player: player, path: path)
        #expect(try Profile.loadContents(path: path, rules: rules)?.player == player)
    }

    @Test(arguments: ["name ", "name  Ada", "name Ada ", "name 12345678901234567", "name Zo\u{7}e", "seen intro intro",
                      "seen fish", "seen "])
    func aBadPlayerLineIsRefusedWithItsLine(line: String) throws {
        var body = "OCEAN-PROFILE 4\nengine 0.1.0\nstate \(Base64.encode(StateEncoding.encode(try careerState(days: 1))))\n\(line)\n"
        body += "checksum \(hex16(ProfileText.checksum(body)))\n"
        #expect { try ProfileText.parse(body, rules: rules) } throws: { ($0 as? ProfileText.Problem)?.message.hasPrefix("line 4: ") == true }
    }

    /// Every array carries its count: two states never encode alike, and a wrong
    /// count is refused (a per-kind array longer than the balance's kind table by
    /// validation, since the encoding does not know the table).
    @Test func arraysCarryTheirCounts() throws {
        var a = try careerState(days: 2)
        var b = a
        b.career.weekDays.append(b.career.weekGrams.removeFirst())
        #expect(StateEncoding.encode(a) != StateEncoding.encode(b))
        #expect(throws: StateEncoding.DecodeError.self) {
            var bytes = StateEncoding.encode(a)
            bytes.removeLast(8)
            return try StateEncoding.decode(bytes)
        }
        a.career.kindCounts.append(1)
        let decoded = try StateEncoding.decode(StateEncoding.encode(a))
        #expect(try decoded.career.kindCounts.count == rules.kindCount + 1)
        #expect(throws: StateFieldError.self) { try decoded.checkValid(rules: rules) }
    }

    /// Kinds are data: a kind the table gains that never appeared changes no hash,
    /// and a state saved before it loads with a zero count for it.
    @Test func aNewKindThatNeverAppearedChangesNoHash() throws {
        let a = try careerState(days: 2)
        var b = a
        b.career.kindCounts.append(0)
        b.career.kindGrams.append(0)
        for i in b.career.months.indices { b.career.months[i].kindCounts.append(0) }
        #expect(a.hash == b.hash && StateEncoding.encode(a) == StateEncoding.encode(b))
        var decoded = try StateEncoding.decode(StateEncoding.encode(a))
        StateEncoding.fitKinds(&decoded, count: try rules.kindCount + 1)
        #expect(decoded == b)
    }
}
