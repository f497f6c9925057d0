import Foundation
import Testing
import TestSupport

/// A replay's own constants (its `balance KEY VALUE` lines) as a balance file, with
/// `key` set to `value`: a what-if that differs from the recording in that key only,
/// whatever the shipped balance has become since.
private func replayBalanceWith(_ replay: String, _ key: String, _ value: Int, name: String) throws -> String {
    var sections: [(String, [String])] = []
    for line in try String(contentsOfFile: repoRoot + "/" + replay, encoding: .utf8).split(separator: "\n") where line.hasPrefix("balance ") {
        let parts = line.split(separator: " ")
        let full = String(parts[1]), dot = full.lastIndex(of: ".")!
        let section = String(full[..<dot]), field = String(full[full.index(after: dot)...])
        let entry = "\(field) = \(full == key ? "\(value)" : String(parts[2]))"
        if sections.last?.0 == section { sections[sections.count - 1].1.append(entry) } else { sections.append((section, [entry])) }
    }
    return try temporaryFile(name, sections.map { "[\($0.0)]\n" + $0.1.joined(separator: "\n") }.joined(separator: "\n\n") + "\n")
}

@Suite struct ReplayDiffTests {
    /// (A replay recorded in the current format: one upgraded from an older format
    /// keeps the arcade constants its format lacked at their defaults, which differ.)
    @Test func aReplayAndItsWhatIfDifferInTheChangedConstantOnly() throws {
        let alt = try replayBalanceWith("replays/arcade-human.replay", "scoring.points_per_catch", 20, name: "diff-alt.toml")
        let r = oceanInProcess(["replay", "diff", "replays/arcade-human.replay", "--balance", alt])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("header: 1 difference (A → B)"), "\(r.stdout)")
        #expect(r.stdout.range(of: #"balance scoring\.points_per_catch +10  →  20"#, options: .regularExpression) != nil)
        #expect(r.stdout.contains("inputs: the same on every tick"))
        #expect(r.stdout.range(of: #"states: first differ at tick \d+"#, options: .regularExpression) != nil)
        #expect(r.stdout.contains("subsystems: scoring"))
        #expect(r.stdout.range(of: #"score  A \d+ +B \d+   ≠"#, options: .regularExpression) != nil)

        let constants = oceanInProcess(["replay", "diff", "replays/arcade-human.replay", "--balance", alt, "--balance-diff"])
        #expect(constants.status == 1)
        let lines = constants.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(constants.stdout)")
        #expect(lines.last?.contains("balance scoring.points_per_catch") == true)
    }

    @Test func twoRecordingsNameTheirFirstDifferentInputAndState() throws {
        let r = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", "replays/human-bot.replay"])
        #expect(r.status == 1)
        #expect(r.stderr.isEmpty, "exit 1 alone: the difference is said on standard output")
        #expect(r.stdout.range(of: #"seed +1  →  2"#, options: .regularExpression) != nil, "\(r.stdout)")
        #expect(r.stdout.range(of: #"inputs: first differ at tick \d+: A "[.LR]", B "[.LR]""#,
                                options: .regularExpression) != nil, "\(r.stdout)")
        #expect(r.stdout.contains("states: first differ at tick 0"))
        // No constants differ between them.
        let constants = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", "replays/human-bot.replay", "--balance-diff"])
        #expect(constants.status == 0)
        #expect(constants.stdout == "no constants differ\n")
    }

    /// Issue 35: two recordings of the same inputs whose own checkpoints differ (one was
    /// recorded by a build that disagrees) are not "the same": the diff names the first
    /// recorded checkpoint that differs and its subsystems, though this build re-plays
    /// both alike.
    @Test func twoRecordingsWhoseOwnCheckpointsDifferAreNotTheSame() throws {
        let golden = try String(contentsOfFile: repoRoot + "/replays/greedy-bot.replay", encoding: .utf8)
        var lines = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("c 120 ") })
        var words = lines[at].split(separator: " ").map(String.init)
        words[2] = "0123456789abcdef"  // the state hash
        words[4] = words[4] == "000" ? "001" : "000"  // physics' short hash
        lines[at] = words.joined(separator: " ")
        let edited = try temporaryFile("recorded-elsewhere.replay", fixedChecksum(lines.joined(separator: "\n")))
        let r = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", edited])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("states: the same on every tick both play (re-played by this build)"), "\(r.stdout)")
        #expect(r.stdout.contains("recorded: the files' own records first differ at tick 120 (A line \(at + 1), B line \(at + 1))"), "\(r.stdout)")
        #expect(r.stdout.contains("  subsystems: physics"), "\(r.stdout)")
        let same = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", "replays/greedy-bot.replay"])
        #expect(same.status == 0 && same.stdout.contains("recorded: the files' own records agree"), "\(same.stdout)")
    }

    /// Issue 35: two builds re-play a replay in lockstep (`replay diff --against`); at
    /// the first tick they disagree, the fields that differ are shown. The other build
    /// here is this one behind a script that puts the first item one pixel (65536 in
    /// fixed point) to the right from tick 400 on, as a planted spawn bug would.
    @Test func twoBuildsInLockstepShowTheFieldThatDiffers() throws {
        let dir = freshFolder("lockstep")
        let fake = dir + "/other-ocean"
        try writeScript("""
            #!/bin/bash
            real="\(repoRoot)/.build/debug/ocean"
            if [ "$4" = "--tick" ]; then
              "$real" "$@" | awk '$1 == "items[0]" { $3 = $3 + 65536 } { print }'
            else
              "$real" "$@" | awk '$1 >= 400 { $2 = "ffffffffffffffff" } { print }'
            fi
            """, to: fake)
        let r = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", "--against", fake])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("the builds first disagree after tick 400"), "\(r.stdout)")
        #expect(r.stdout.range(of: #"items\[0\]  A x \d+ .*kind plastic_bag.*→  B x \d+"#, options: .regularExpression) != nil,
                "\(r.stdout)")
        let same = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", "--against", repoRoot + "/.build/debug/ocean"])
        #expect(same.status == 0 && same.stdout.contains("agree on every tick"), "\(same.stdout)\(same.stderr)")
        let bad = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", "--against", "/bin/false"])
        #expect(bad.status == 2 && bad.stderr.contains("--against /bin/false") && bad.stderr.contains("not an ocean build"),
                "\(bad.stderr)")
        let notAProgram = dir + "/notes.txt"
        try "not a program".write(toFile: notAProgram, atomically: false, encoding: .utf8)
        let unrunnable = oceanInProcess(["replay", "diff", "replays/greedy-bot.replay", "--against", notAProgram])
        #expect(unrunnable.status == 2 && unrunnable.stderr.contains("cannot be run"), "\(unrunnable.stderr)")
    }

    /// Issue 49: the other build is a peer, bounded. One that writes much to standard
    /// error is read on both pipes at once (it deadlocked before), one that answers
    /// without end is cut, one that says nothing meets the deadline.
    @Test func theOtherBuildIsBoundedInOutputAndTime() throws {
        let dir = freshFolder("lockstep-peer")
        func fake(_ name: String, _ body: String) throws -> String {
            let path = dir + "/" + name
            try writeScript("""
                #!/bin/bash
                if [ "$1" = "--version" ]; then echo "ocean 0.1.0"; exit 0; fi
                \(body)
                """, to: path)
            return path
        }
        let chatty = try fake("chatty", #"head -c 300000 /dev/zero | tr '\0' e >&2; exec "\#(repoRoot)/.build/debug/ocean" "$@""#)
        let r = oceanInProcess(["replay", "diff", "replays/idle-bot.replay", "--against", chatty])
        #expect(r.status == 0 && r.stdout.contains("agree on every tick"), "\(r.stdout)\(r.stderr.prefix(300))")
        let endless = try fake("endless", "yes 1 0000000000000000")
        let e = oceanInProcess(["replay", "diff", "replays/idle-bot.replay", "--against", endless])
        #expect(e.status != 0 && e.stderr.contains("an answer past"), "\(e.stderr)")
        let silent = try fake("silent", "exec sleep 600")
        let s = oceanInProcess(["replay", "diff", "replays/idle-bot.replay", "--against", silent, "--against-timeout", "2"])
        #expect(s.status != 0 && s.stderr.contains("no answer within 2 s"), "\(s.stderr)")
    }

    @Test func aReplayIsTheSameAsItselfInAnyFormat() throws {
        let same = oceanInProcess(["replay", "diff", "replays/idle-bot.replay", "replays/idle-bot.replay"])
        #expect(same.status == 0, "\(same.stdout)")
        #expect(same.stdout.contains("header: the same"))
        #expect(same.stdout.contains("states: the same on every tick both play"))
        // An older format's copy: the format and the challenge table differ, the inputs do not.
        let old = oceanInProcess(["replay", "diff", "replays/v5/idle-bot.replay", "replays/v4/idle-bot.replay"])
        #expect(old.stdout.range(of: #"format +5  →  4"#, options: .regularExpression) != nil, "\(old.stdout)")
        #expect(old.stdout.contains("inputs: the same on every tick"))
    }

    @Test func badInputExitsTwoNamingIt() throws {
        let missing = oceanInProcess(["replay", "diff", "replays/idle-bot.replay", "/nonexistent/x.replay"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/x.replay"))
        let both = oceanInProcess(["replay", "diff", "replays/idle-bot.replay", "replays/idle-bot.replay", "--balance", "x.toml"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("one of them"))
    }
}

@Suite struct ReplayShrinkTests {
    /// "The best combo is at least 15": the C-Reduce-style test the shrink is given.
    private func comboTest() throws -> String {
        let script = try temporaryFile("combo-at-least-15.sh", """
            #!/bin/sh
            c=$(SWIFT_BACKTRACE=enable=no '\(repoRoot)/.build/debug/ocean' replay run --json "$1" | grep -o '"bestCombo":[0-9]*' | cut -d: -f2)
            [ "${c:-0}" -ge 15 ]

            """)
        chmod(script, 0o755)
        return script
    }

    @Test func aLongCareerShrinksToAMuchShorterReplayThatStillPassesAndVerifies() throws {
        let test = try comboTest()
        let input = "replays/career-30-days.replay"
        let out = try freshPath("shrunk.replay")
        let started = Date()
        let r = oceanInProcess(["replay", "shrink", input, "--test", test, "--out", out, "--budget", "60"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 60 + 30)
        // "IN: T ticks, B bytes" then "OUT: T ticks, B bytes (…)".
        let numbers = r.stdout.split(separator: "\n").map { line in
            line.matches(of: /(\d+) ticks, (\d+) bytes/).map { (Int($0.1)!, Int($0.2)!) }.first
        }
        let before = try #require(numbers.first ?? nil), after = try #require(numbers.last ?? nil)
        #expect(before.1 == (try FileManager.default.attributesOfItem(atPath: repoRoot + "/" + input)[.size] as! Int))
        #expect(after.0 * 3 < before.0, "\(r.stdout)")
        #expect(after.1 * 3 < before.1, "\(r.stdout)")
        #expect(try runTool([test, out]).status == 0, "the shrunk replay no longer passes the test")
        let verify = oceanInProcess(["replay", "verify", out])
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout.contains("PASS \(out) (\(after.0) ticks)"))
        // Its header says what it was shrunk from and with which test (issue 35).
        let header = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").prefix(12)
        #expect(header.contains("comment shrunk from career-30-days.replay (\(before.0) ticks) by ocean replay shrink with --test \(test)"),
                "\(header)")
        #expect(header.contains { $0.hasPrefix("recorded-by ocean replay shrink, from a recording by ") }, "\(header)")
    }

    @Test func aTestThatDoesNotHoldAtFirstIsRefused() throws {
        let out = try freshPath("never.replay")
        let r = oceanInProcess(["replay", "shrink", "replays/idle-bot.replay", "--test", "false", "--out", out, "--budget", "5"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--test does not hold for replays/idle-bot.replay"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let budget = oceanInProcess(["replay", "shrink", "replays/idle-bot.replay", "--test", "true", "--out", out, "--budget", "0"])
        #expect(budget.status == 2)
        #expect(budget.stderr.contains("--budget"))
    }
}

/// A new git repository in `folder` with a committer set; a function that runs git
/// there and throws with its error output when git fails.
private func gitRepository(_ folder: String) throws -> (String...) throws -> Void {
    func git(_ args: String...) throws {
        let r = try runTool(["git"] + args, in: folder)
        guard r.status == 0 else { throw CLIError("git \(args.joined(separator: " ")): \(r.stderr)") }
    }
    try git("init", "-q")
    try git("config", "user.email", "test@example.com")
    try git("config", "user.name", "Test")
    return git
}

@Suite struct BisectReplayTests {
    /// A throwaway repository: each commit holds a `verify.sh` that prints a verdict
    /// and exits with the status in `status`, and a `build` that fails when `broken` exists.
    private func repository(_ commits: [(message: String, status: Int, broken: Bool)]) throws -> String {
        let folder = freshFolder("bisect")
        let git = try gitRepository(folder)
        try "#!/bin/sh\necho \"verdict $(cat status) for $(basename \"$1\")\"\nexit $(cat status)\n"
            .write(toFile: folder + "/verify.sh", atomically: true, encoding: .utf8)
        for c in commits {
            try "\(c.status)\n".write(toFile: folder + "/status", atomically: true, encoding: .utf8)
            if c.broken { try "".write(toFile: folder + "/broken", atomically: true, encoding: .utf8) }
            else { try? FileManager.default.removeItem(atPath: folder + "/broken") }
            try git("add", "-A")
            try git("commit", "-q", "--allow-empty", "-m", c.message)
        }
        try "a replay\n".write(toFile: folder + "/game.replay", atomically: true, encoding: .utf8)
        return folder
    }

    private func bisect(_ folder: String, _ good: String, _ bad: String) throws -> Run {
        try runTool([repoRoot + "/scripts/bisect-replay.sh", good, bad, "game.replay"],
                    environment: ["OCEAN_BISECT_BUILD": "test ! -e broken", "OCEAN_BISECT_VERIFY": "sh verify.sh"],
                    in: folder)
    }

    @Test func threeCommitsNameTheOneThatChangesTheResult() throws {
        let folder = try repository([("one: passes", 0, false), ("two: changes the result", 1, false),
                                     ("three: unrelated", 1, false)])
        let r = try bisect(folder, "HEAD~2", "HEAD")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.range(of: #"the first commit that changes the result of game.replay:\n  [0-9a-f]{40} two: changes the result"#,
                               options: .regularExpression) != nil, "\(r.stdout)")
        #expect(r.stdout.contains("verdict 1 for replay.replay"))
        // The repository is left as it was: no bisection, no extra worktree.
        #expect(try runTool(["git", "worktree", "list"], in: folder).stdout.split(separator: "\n").count == 1)
        #expect(try runTool(["git", "bisect", "log"], in: folder).status != 0)
    }

    @Test func aCommitThatDoesNotBuildIsSkipped() throws {
        let folder = try repository([("one: passes", 0, false), ("two: changes the result", 1, false),
                                     ("three: does not build", 1, true), ("four: unrelated", 1, false)])
        let r = try bisect(folder, "HEAD~3", "HEAD")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("two: changes the result"), "\(r.stdout)")
    }

    @Test func aChangeAmongCommitsThatDoNotBuildIsItsOwnOutcome() throws {
        let folder = try repository([("one: passes", 0, false), ("two: changes it, does not build", 1, true),
                                     ("three: unrelated", 1, false)])
        let r = try bisect(folder, "HEAD~2", "HEAD")
        #expect(r.status == 3, "not 'no commit changes the result' (1): \(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("the change is among commits that do not build"), "\(r.stderr)")
    }

    @Test func badArgumentsExitTwo() throws {
        let folder = try repository([("one", 0, false)])
        let r = try bisect(folder, "nosuchcommit", "HEAD")
        #expect(r.status == 2)
        #expect(r.stderr.contains("'nosuchcommit' is not a commit"))
    }
}

/// `ocean regress` end to end on a throwaway repository whose "build" writes a stand-in
/// `ocean` (a shell script that passes or fails the replay as its commit says, and
/// shrinks by copying): the bisection with its build cache, the shrink by GOOD's build,
/// the verification by the first bad one and the JUnit case, valid and with the replay
/// attached; a second run builds nothing.
@Suite struct RegressTests {
    @Test func regressNamesTheCommitShrinksAndWritesAValidJUnitCaseFromACachedBuild() throws {
        let folder = freshFolder("regress")
        let git = try gitRepository(folder)
        try FileManager.default.createDirectory(atPath: folder + "/scripts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repoRoot + "/scripts/bisect-replay.sh", toPath: folder + "/scripts/bisect-replay.sh")
        try """
            #!/bin/sh
            s=@STATUS@
            if [ "$1 $2" = "replay verify" ]; then
              if [ "$s" = 0 ]; then echo "PASS $3 (60 ticks)"; exit 0; fi
              echo "FAIL $3: diverged at tick 7 (first differing checkpoint: tick 60, line 9)"
              echo "       item[1] plastic_bottle: x 16939203 → 17004739 (+1.00 px)"
              exit 1
            elif [ "$1 $2" = "replay shrink" ]; then
              cp "$3" "$7" && sh -c "$5 \\"\\$1\\"" - "$7" || exit 2
              exit 0
            fi
            exit 2

            """.write(toFile: folder + "/fake-ocean.sh", atomically: true, encoding: .utf8)
        for (i, status) in [0, 0, 1, 1].enumerated() {
            try "\(status)\n".write(toFile: folder + "/status", atomically: true, encoding: .utf8)
            try git("add", "-A")
            try git("commit", "-q", "--allow-empty", "-m", "commit \(i + 1): status \(status)")
        }
        try "a replay\n".write(toFile: folder + "/game.replay", atomically: true, encoding: .utf8)
        let builds = folder + "-builds.txt"
        let environment = [
            "OCEAN_BISECT_BUILD": #"mkdir -p .build/release && sed "s/@STATUS@/$(cat status)/" fake-ocean.sh > .build/release/ocean && chmod +x .build/release/ocean && echo built >> "$REGRESS_BUILDS""#,
            "REGRESS_BUILDS": builds,
        ]
        // The bisection's own verify command is kept after it: one that passes the
        // written-up replay (regress.replay) leaves no failure to write.
        var passing = environment
        passing["OCEAN_BISECT_VERIFY"] = #"sh -c 'case "$1" in */regress.replay) echo "PASS $1"; exit 0;; esac; exec .build/release/ocean replay verify "$1"' -"#
        let kept = try runTool([repoRoot + "/.build/debug/ocean", "regress", "HEAD~3", "HEAD", "game.replay", "--junit", "kept.xml"],
                               environment: passing, in: folder)
        #expect(kept.status == 0, "\(kept.stdout)\(kept.stderr)")
        #expect(kept.stdout.contains("no failure written to kept.xml") && !FileManager.default.fileExists(atPath: folder + "/kept.xml"),
                "\(kept.stdout)")
        try? FileManager.default.removeItem(atPath: folder + "/regress.replay")
        let first = try runTool([repoRoot + "/.build/debug/ocean", "regress", "HEAD~3", "HEAD", "game.replay"], environment: environment, in: folder)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.range(of: #"ocean regress: [0-9a-f]{12} commit 3: status 1"#, options: .regularExpression) != nil, "\(first.stdout)")
        #expect(try String(contentsOfFile: folder + "/regress.replay", encoding: .utf8) == "a replay\n")
        for schema in [junitSchema, jenkinsSchema] {
            let lint = try runTool(["xmllint", "--noout", "--schema", schema, folder + "/regress.xml"])
            #expect(lint.status == 0, "\(schema): \(lint.stderr)")
        }
        let xml = try String(contentsOfFile: folder + "/regress.xml", encoding: .utf8)
        #expect(xml.contains("[[ATTACHMENT|regress.replay]]") && xml.contains("item[1] plastic_bottle: x 16939203"), "\(xml)")
        #expect(xml.contains(#"<property name="first-bad-subject" value="commit 3: status 1"/>"#), "\(xml)")
        let built = try String(contentsOfFile: builds, encoding: .utf8).split(separator: "\n").count
        // Again, with every build in the cache: the same commit, nothing built.
        let again = try runTool([repoRoot + "/.build/debug/ocean", "regress", "HEAD~3", "HEAD", "game.replay", "--force"],
                                environment: environment, in: folder)
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("commit 3: status 1"))
        #expect(try String(contentsOfFile: builds, encoding: .utf8).split(separator: "\n").count == built)
        #expect(again.stdout.range(of: #"bisect-replay: \d+ steps \(\d+ from the cache\)"#, options: .regularExpression) != nil, "\(again.stdout)")
        #expect(!again.stdout.contains("(0 from the cache)"), "\(again.stdout)")
    }
}
