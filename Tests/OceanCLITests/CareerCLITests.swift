import Foundation
import Testing
import TestSupport

private func json(_ r: Run) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
}

@Suite struct CareerCLITests {
    @Test func simDaysPrintsTheProgression() throws {
        let r = oceanInProcess(["sim", "--days", "30", "--seed", "2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try json(r)
        for key in ["level", "title", "grams", "streak", "bestStreak", "achievements", "pet", "health", "phase", "date"] {
            #expect(o[key] != nil, "\(key)")
        }
        #expect(o["date"] as? String == "2026-01-30")
        let pet = try #require(o["pet"] as? [String: Any])
        #expect(pet["stage"] as? String == "Adult", "GAME_RULES §3: Adult in about a month")
        let text = oceanInProcess(["sim", "--days", "30", "--seed", "2"])
        #expect(text.stdout.contains("pet           "))
        #expect(text.stdout.contains("streak        "))
        // Same seed, same career: debug and release agree.
        #expect(try ocean(["sim", "--days", "30", "--seed", "2", "--json"], build: "release").stdout == r.stdout)
    }

    @Test func aProfileContinuesAcrossRunsAndShows() throws {
        let path = try freshPath("profile")
        let first = oceanInProcess(["sim", "--days", "3", "--seed", "5", "--skip-percent", "0", "--profile", path, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try json(first)["date"] as? String == "2026-01-03")
        let second = oceanInProcess(["sim", "--days", "2", "--seed", "5", "--skip-percent", "0", "--profile", path, "--json"])
        #expect(try json(second)["date"] as? String == "2026-01-05", "the next run starts the day after the saved one")
        #expect((try json(second)["grams"] as! Int) > (try json(first)["grams"] as! Int))
        let show = oceanInProcess(["profile", "show", "--profile", path, "--json"])
        #expect(show.status == 0)
        #expect(try json(show)["hash"] as? String == (try json(second)["hash"] as? String))
        let refused = oceanInProcess(["profile", "reset", "--profile", path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--yes"))
        #expect(try json(oceanInProcess(["profile", "show", "--profile", path, "--json"]))["games"] as? Int ?? 0 > 0)
        let reset = oceanInProcess(["profile", "reset", "--yes", "--profile", path])
        #expect(reset.status == 0)
        #expect(try json(oceanInProcess(["profile", "show", "--profile", path, "--json"]))["games"] as? Int == 0)
    }

    @Test func aCorruptProfileStopsTheRunAndIsNeverOverwritten() throws {
        let path = try temporaryFile("broken.profile", "OCEAN-PROFILE 2\nengine x\nstate !!!\nchecksum 0\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let r = oceanInProcess(["sim", "--days", "2", "--profile", path])
        #expect(r.status == 2)
        #expect(r.stderr.contains(path + ": "))
        #expect(r.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(oceanInProcess(["profile", "show", "--profile", path]).status == 2)
    }

    @Test func killedWhileSavingTheProfileIsAlwaysLoadable() throws {
        let path = try freshPath("profile")
        let binary = "\(repoRoot)/.build/release/ocean"
        var random = SystemRandomNumberGenerator()
        var loadable = 0
        var saved = 0
        for kill_ in 0..<200 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            // Many short days: a save every few milliseconds.
            p.arguments = ["sim", "--days", "100000", "--games-per-day", "0", "--seed", "\(kill_)", "--profile", path]
            p.environment = ["SWIFT_BACKTRACE": "enable=no"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            if kill_ == 0 {
                // The first run lives until its first save (however loaded the machine),
                // so every later kill lands on a profile that exists.
                var waited = 0
                while !FileManager.default.fileExists(atPath: path) && waited < 10_000 { usleep(5_000); waited += 5 }
            }
            usleep(useconds_t(Int.random(in: 15_000...60_000, using: &random)))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            guard FileManager.default.fileExists(atPath: path) else { continue }
            saved += 1
            let show = try ocean(["profile", "show", "--profile", path, "--json"], build: "release")
            if show.status == 0 { loadable += 1 } else { Issue.record("kill \(kill_): \(show.stderr)") }
        }
        #expect(saved >= 190, "the loop saved before most kills")
        #expect(loadable == saved)
    }
}
