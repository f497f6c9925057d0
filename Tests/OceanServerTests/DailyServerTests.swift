import Foundation
import Testing
import TestSupport

/// `ocean-server` end to end (issue 33): the built `ocean-server` serving on 127.0.0.1 with a
/// temporary SQLite file, runs recorded and sent by the built `ocean` as a player would.
@Suite(.serialized) struct DailyServerTests {
    static let day = "2026-12-01"
    /// The moment the day's window closes (UTC−12's midnight, then an hour to post):
    /// a server started at it serves the day's replays.
    static let closed = "2026-12-02T13:00:00Z"

    /// Three runs of the day at three skills, recorded once for the suite.
    static let recorded: Result<(folder: String, files: [(name: String, file: String, score: Int)]), any Error> = Result {
        let folder = freshFolder("daily-server")
        var files: [(String, String, Int)] = []
        for (name, skill, seed) in [("ana", 20, 1), ("bo", 90, 2), ("cy", 55, 3)] {
            let file = folder + "/\(name).replay"
            let rec = try ocean(["daily", "record", "--date", day, "--bot", "human", "--skill", "\(skill)", "--seed", "\(seed)",
                                 "--out", file])
            guard rec.status == 0 else { throw HarnessError("record failed: \(rec.stderr)") }
            // The score `ocean daily verify` gives, which the server must agree with.
            let v = try ocean(["daily", "verify", file, "--date", day, "--json"])
            guard v.status == 0, let o = try json(v.stdout) as? [String: Any], let score = o["score"] as? Int else {
                throw HarnessError("verify failed: \(v.stdout) \(v.stderr)")
            }
            files.append((name, file, score))
        }
        return (folder, files)
    }

    /// Sends `file` as `name`, with the key in `keyFolder`'s data folder.
    static func submit(_ file: String, name: String, server: String, keyFolder: String, date: String? = nil) throws -> Run {
        try ocean(["daily", "submit", file, "--server", server, "--name", name] + (date.map { ["--date", $0] } ?? []),
                  environment: ["XDG_DATA_HOME": keyFolder])
    }

    static func board(_ server: String, date: String = day) throws -> [[String: Any]] {
        let r = try ocean(["daily", "leaderboard", "--server", server, "--date", date, "--json"])
        guard r.status == 0, let rows = try json(r.stdout) as? [[String: Any]] else {
            throw HarnessError("leaderboard failed (\(r.status)): \(r.stdout) \(r.stderr)")
        }
        return rows
    }

    @Test func runsAreRankedByTheServersOwnScoresAndForgeriesAreRefused() throws {
        let (folder, runs) = try Self.recorded.get()
        let db = folder + "/runs-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        var server = try ServerProcess(db: db, folder: folder)
        defer { server.stop() }

        // Three players, each with a key of their own.
        var answers: [String: [String: Any]] = [:]
        for r in runs {
            let s = try Self.submit(r.file, name: r.name, server: server.url, keyFolder: folder + "/player-\(r.name)")
            #expect(s.status == 0, "submit \(r.name): \(s.stderr)")
            let o = try json(s.stdout) as? [String: Any] ?? [:]
            #expect(o["verified"] as? Bool == true && o["official"] as? Bool == true, "\(s.stdout)")
            #expect(o["score"] as? Int == r.score, "the server's score for \(r.name) is \(o["score"] ?? "none"), verify says \(r.score)")
            answers[r.name] = o
        }
        let expected = runs.sorted { $0.score > $1.score }
        let board = try Self.board(server.url)
        #expect(board.map { $0["name"] as? String ?? "" } == expected.map(\.name), "\(board)")
        #expect(board.map { $0["score"] as? Int ?? -1 } == expected.map(\.score))
        #expect(board.map { $0["rank"] as? Int ?? -1 } == [1, 2, 3])
        #expect(answers["bo"]?["rank"] as? Int == 1)
        // A page of the board: the second row alone, with its rank on the whole board.
        let second = try json(try httpGet(server.url + "/v1/daily/\(Self.day)/leaderboard?limit=1&after=1").body) as? [[String: Any]] ?? []
        #expect(second.count == 1 && second.first?["name"] as? String == expected[1].name && second.first?["rank"] as? Int == 2, "\(second)")
        for bad in ["limit=0", "limit=1001", "after=-1", "limit=x"] {
            let r = try httpGet(server.url + "/v1/daily/\(Self.day)/leaderboard?\(bad)")
            #expect(r.status == 400 && r.body.contains("a whole number from"), "\(bad): \(r)")
        }

        // The day's replays stay private while it is played.
        let boID = board.first { $0["name"] as? String == "bo" }?["id"] as? Int ?? 0
        let hidden = try httpGet(server.url + "/v1/runs/\(boID)/replay")
        #expect(hidden.status == 403 && hidden.body.contains("open when the day closes, at 2026-12-02T13:00Z"), "\(hidden)")
        let sent = try String(contentsOfFile: runs[1].file, encoding: .utf8)
        // ... except to its own player: a request signed with the key it was posted under.
        let mine = folder + "/bo-own-\(UInt32.random(in: 0...UInt32.max)).replay"
        let own = try ocean(["daily", "replay", "\(boID)", "--server", server.url, "--out", mine], environment: ["XDG_DATA_HOME": folder + "/player-bo"])
        #expect(own.status == 0 && (try? String(contentsOfFile: mine, encoding: .utf8)) == sent, "\(own.stdout)\(own.stderr)")
        let rival = try ocean(["daily", "replay", "\(boID)", "--server", server.url, "--out", mine + ".rival"],
                              environment: ["XDG_DATA_HOME": folder + "/player-ana"])
        #expect(rival.status == 2 && rival.stderr.contains("(403)") && rival.stderr.contains("only its player has it"), "\(rival.stderr)")
        #expect(!FileManager.default.fileExists(atPath: mine + ".rival"))

        // Forgeries: one input line changed, with its checksum fixed and without.
        let text = try String(contentsOfFile: runs[0].file, encoding: .utf8)
        let firstMove = try #require(text.split(separator: "\n").first { $0.hasPrefix("i ") && ($0.hasSuffix(" R") || $0.hasSuffix(" L")) })
        let changed = text.replacingOccurrences(of: "\n" + firstMove + "\n",
                                                with: "\n" + firstMove.dropLast() + (firstMove.hasSuffix("R") ? "L" : "R") + "\n")
        #expect(changed != text)
        for (label, forged) in [("checksum fixed", fixedChecksum(changed)), ("checksum unfixed", changed)] {
            let file = folder + "/forged-\(label.replacingOccurrences(of: " ", with: "-")).replay"
            try forged.write(toFile: file, atomically: true, encoding: .utf8)
            let s = try Self.submit(file, name: "mallory", server: server.url, keyFolder: folder + "/player-mallory")
            #expect(s.status == 2, "a changed input (\(label)) was accepted: \(s.stdout)")
            #expect(s.stderr.contains("(422)"), "\(label): \(s.stderr)")
            #expect(label == "checksum unfixed" ? s.stderr.contains("checksum") : s.stderr.contains("diverges"), "\(label): \(s.stderr)")
        }
        // Another day's run posted to this day.
        let tomorrow = folder + "/tomorrow.replay"
        let rec = try ocean(["daily", "record", "--date", "2026-12-02", "--bot", "human", "--skill", "50", "--out", tomorrow])
        #expect(rec.status == 0, "\(rec.stderr)")
        let other = try Self.submit(tomorrow, name: "dee", server: server.url, keyFolder: folder + "/player-dee", date: Self.day)
        #expect(other.status == 2 && other.stderr.contains("the replay is of 2026-12-02, not 2026-12-01"), "\(other.stderr)")
        // A bound name signed by another key.
        let stolen = try Self.submit(runs[0].file, name: "bo", server: server.url, keyFolder: folder + "/player-mallory")
        #expect(stolen.status == 2 && stolen.stderr.contains("(403)") && stolen.stderr.contains("another player's key"),
                "\(stolen.stderr)")
        // A practice run: the same player's second run is kept, not ranked.
        let again = try Self.submit(tomorrow, name: "ana", server: server.url, keyFolder: folder + "/player-ana", date: "2026-12-02")
        #expect(again.status == 0, "\(again.stderr)")
        let practiceFolder = folder + "/practice.replay"
        let rec2 = try ocean(["daily", "record", "--date", Self.day, "--bot", "human", "--skill", "95", "--seed", "9",
                              "--out", practiceFolder])
        #expect(rec2.status == 0)
        let practice = try Self.submit(practiceFolder, name: "ana", server: server.url, keyFolder: folder + "/player-ana")
        let p = try json(practice.stdout) as? [String: Any] ?? [:]
        #expect(practice.status == 0 && p["official"] as? Bool == false && p["rank"] is NSNull, "\(practice.stdout) \(practice.stderr)")
        // The same game posted twice is refused.
        let copy = try Self.submit(runs[2].file, name: "eve", server: server.url, keyFolder: folder + "/player-eve")
        #expect(copy.status == 2 && copy.stderr.contains("(409)"), "\(copy.stderr)")
        // Nothing refused is listed.
        let after = try Self.board(server.url)
        #expect(after.map { $0["name"] as? String ?? "" } == expected.map(\.name), "\(after)")

        // The shared sea, healed by the three official runs.
        let sea = try json(try httpGet(server.url + "/v1/daily/\(Self.day)/sea").body) as? [String: Any] ?? [:]
        #expect(sea["runs"] as? Int == 3, "\(sea)")
        #expect((sea["health"] as? Int ?? 0) > 2250, "\(sea)")

        // kill -9, then a restart on the same file once the day closed: the same
        // leaderboard, the replays open, each the one sent, byte for byte; no more runs.
        server.killHard()
        server = try ServerProcess(db: db, folder: folder, extra: ["--now", Self.closed])
        let restarted = try Self.board(server.url)
        #expect(restarted.map { $0["name"] as? String ?? "" } == after.map { $0["name"] as? String ?? "" })
        #expect(restarted.map { $0["id"] as? Int ?? 0 } == after.map { $0["id"] as? Int ?? 0 })
        let stored = try httpGet(server.url + "/v1/runs/\(boID)/replay")
        #expect(stored.status == 200 && stored.body == sent)
        let late = try Self.submit(runs[2].file, name: "cy2", server: server.url, keyFolder: folder + "/player-cy2")
        #expect(late.status == 2 && late.stderr.contains("(422)") && late.stderr.contains("the Daily Ocean of 2026-12-01 is closed"),
                "\(late.stderr)")
    }

    /// The day is the day: a run is taken from 14 h before its UTC start to 12 h after
    /// its end and an hour more; a later day's board cannot be filled early.
    @Test func onlyTheDaysWindowTakesRuns() throws {
        let (folder, runs) = try Self.recorded.get()
        let later = folder + "/later.replay"
        #expect(try ocean(["daily", "record", "--date", "2026-12-03", "--bot", "human", "--skill", "50", "--out", later]).status == 0)
        // (The server's clock runs on from --now: the edges are a minute inside.)
        for (now, taken) in [("2026-11-30T09:59:00Z", false), ("2026-11-30T10:00:00Z", true), ("2026-12-02T12:59:00Z", true),
                             ("2026-12-02T13:00:00Z", false)] {
            let server = try ServerProcess(db: folder + "/window-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder,
                                           extra: ["--now", now])
            defer { server.stop() }
            let s = try Self.submit(runs[1].file, name: "bo", server: server.url, keyFolder: folder + "/player-bo")
            #expect((s.status == 0) == taken, "\(now): \(s.stdout)\(s.stderr)")
            if !taken {
                #expect(s.stderr.contains("(422)") && s.stderr.contains("runs are taken from 2026-11-30T10:00Z to 2026-12-02T13:00Z")
                        || s.stderr.contains("runs were taken from 2026-11-30T10:00Z to 2026-12-02T13:00Z"), "\(now): \(s.stderr)")
            }
            // 2026-12-03 opens at 2026-12-02T10:00Z: not before.
            let early = try Self.submit(later, name: "dee", server: server.url, keyFolder: folder + "/player-dee", date: "2026-12-03")
            #expect((early.status == 0) == now.hasPrefix("2026-12-02"), "\(now): \(early.stderr)")
            if early.status != 0 { #expect(early.stderr.contains("the Daily Ocean of 2026-12-03 is not open yet"), "\(early.stderr)") }
        }
    }

    /// Names as people read them: a look-alike of a bound name (case, `I`/`1`/`l`, `0`/`o`,
    /// punctuation at the ends) is that name, refused to another key; one key holds at
    /// most three names.
    @Test func lookAlikeNamesAndSockPuppetsAreRefused() throws {
        let (folder, runs) = try Self.recorded.get()
        let server = try ServerProcess(db: folder + "/names-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder)
        defer { server.stop() }
        #expect(try Self.submit(runs[0].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana").status == 0)
        for alike in ["Ana", "ANA", "ana.", "_ana"] {
            let s = try Self.submit(runs[1].file, name: alike, server: server.url, keyFolder: folder + "/player-mallory")
            #expect(s.status == 2 && s.stderr.contains("(403)") && s.stderr.contains("reads as 'ana'"), "\(alike): \(s.stderr)")
        }
        // One key, many names: the fourth is refused, naming the three it holds.
        let puppets = try (1...4).map { i -> String in
            let file = folder + "/puppet-\(i).replay"
            if !FileManager.default.fileExists(atPath: file) {
                let r = try ocean(["daily", "record", "--date", Self.day, "--bot", "human", "--skill", "\(40 + i)", "--seed", "\(200 + i)",
                                   "--out", file])
                guard r.status == 0 else { throw HarnessError(r.stderr) }
            }
            return file
        }
        for (i, file) in puppets.enumerated() {
            let s = try Self.submit(file, name: "sock\(i + 1)", server: server.url, keyFolder: folder + "/player-puppeteer")
            if i < 3 {
                #expect(s.status == 0, "sock\(i + 1): \(s.stderr)")
            } else {
                #expect(s.status == 2 && s.stderr.contains("(403)") && s.stderr.contains("holds 3 names (sock1, sock2, sock3)"),
                        "\(s.stderr)")
            }
        }
        #expect(try Self.board(server.url).map { $0["name"] as? String ?? "" }.sorted() == ["ana", "sock1", "sock2", "sock3"])
    }

    /// A rival's run with one input removed (and its checkpoints re-made with `replay
    /// update`) is another game, with another final state, but it follows the rival's
    /// catch for catch until the edit: refused as a copy (409), late in the run or
    /// halfway (cy's run cut there keeps one window of 16 catches: two were asked for
    /// once, and it ranked). Runs of their own, however alike their scores, are not.
    @Test(arguments: [(rival: 1, numerator: 4, denominator: 5), (rival: 2, numerator: 1, denominator: 2)])
    func aNearCopyOfARivalsRunIsRefused(cut: (rival: Int, numerator: Int, denominator: Int)) throws {
        let (folder, runs) = try Self.recorded.get()
        let server = try ServerProcess(db: folder + "/copy-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder)
        defer { server.stop() }
        for r in runs { #expect(try Self.submit(r.file, name: r.name, server: server.url, keyFolder: folder + "/player-\(r.name)").status == 0) }
        let rival = runs[cut.rival]
        var lines = try String(contentsOfFile: rival.file, encoding: .utf8).components(separatedBy: "\n")
        let inputs = lines.indices.filter { lines[$0].hasPrefix("i ") }
        lines.remove(at: inputs[inputs.count * cut.numerator / cut.denominator])
        let thief = folder + "/thief-\(rival.name)-\(cut.numerator)-\(cut.denominator).replay"
        try fixedChecksum(lines.joined(separator: "\n")).write(toFile: thief, atomically: true, encoding: .utf8)
        #expect(try ocean(["replay", "update", thief]).status == 0)
        let s = try Self.submit(thief, name: "mallory", server: server.url, keyFolder: folder + "/player-mallory")
        #expect(s.status == 2 && s.stderr.contains("(409)") && s.stderr.contains("follows \(rival.name)'s run of 2026-12-01 catch for catch"),
                "\(s.stdout)\(s.stderr)")
        #expect(try Self.board(server.url).count == 3)
    }

    /// Limits: a flood from one address is answered 429 with Retry-After, as are
    /// too many posts under one key; a body trickled in is cut (408) in its deadline.
    @Test func floodsAndTrickledBodiesAreCut() throws {
        let (folder, runs) = try Self.recorded.get()
        let server = try ServerProcess(db: folder + "/limits-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder,
                                       extra: ["--posts-per-minute", "3", "--posts-per-minute-per-key", "2", "--body-seconds", "2"])
        defer { server.stop() }
        // Under one key: two posts (one stored, one a copy refused), the third is 429.
        #expect(try Self.submit(runs[0].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana").status == 0)
        #expect(try Self.submit(runs[0].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana").stderr.contains("(409)"))
        let key = try Self.submit(runs[1].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana")
        #expect(key.status == 2 && key.stderr.contains("(429)") && key.stderr.contains("under this key: at most 2 a minute"), "\(key.stderr)")
        // From one address: the fourth post of the minute is 429, whatever the key.
        let address = try Self.submit(runs[2].file, name: "cy", server: server.url, keyFolder: folder + "/player-cy")
        #expect(address.status == 2 && address.stderr.contains("(429)") && address.stderr.contains("from this address"), "\(address.stderr)")
        let raw = try runProgram("/usr/bin/curl", ["-s", "-o", "/dev/null", "-D", "-", "-X", "POST", "--data-binary", "x",
                                                   server.url + "/v1/daily/\(Self.day)/runs"])
        #expect(raw.stdout.contains("429") && raw.stdout.lowercased().contains("retry-after: "), "\(raw.stdout)")

        // A body trickled a byte a second, on a server with room for posts: cut at 2 s.
        let slow = try ServerProcess(db: folder + "/slow-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder,
                                     extra: ["--body-seconds", "2"])
        defer { slow.stop() }
        let port = try #require(slow.url.split(separator: ":").last)
        let trickle = """
            import socket, time, sys
            s = socket.create_connection(("127.0.0.1", \(port)))
            s.sendall(b"POST /v1/daily/\(Self.day)/runs HTTP/1.1\\r\\nHost: x\\r\\nX-Ocean-Player: ana\\r\\nX-Ocean-Key: a\\r\\nX-Ocean-Signature: b\\r\\nContent-Length: 1000\\r\\n\\r\\n")
            start = time.time()
            s.settimeout(1)
            answer = b""
            while time.time() - start < 15 and not answer:
                try:
                    s.sendall(b"x")
                    answer = s.recv(4096)
                except socket.timeout:
                    pass
                except OSError:
                    break
            print(round(time.time() - start, 1), answer.split(b"\\r\\n")[0].decode())
            """
        let cut = try runProgram("/usr/bin/env", ["python3", "-c", trickle])
        let parts = cut.stdout.split(separator: " ", maxSplits: 1)
        #expect(parts.count == 2 && parts[1].contains("408") && (Double(parts[0]) ?? 99) < 6, "\(cut.stdout)\(cut.stderr)")
    }

    /// Connections: one address holds at most its share (more are closed at once, and
    /// the count comes back as they close); a connection whose request head has not
    /// arrived in time is closed, even while it trickles the head a byte at a time.
    @Test func connectionsAndHeadsAreBounded() throws {
        let (folder, _) = try Self.recorded.get()
        let server = try ServerProcess(db: folder + "/conn-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder,
                                       extra: ["--connections-per-address", "4", "--header-seconds", "2"])
        defer { server.stop() }
        let port = try #require(server.url.split(separator: ":").last)
        let script = """
            import socket, time
            def closed_within(s, seconds):
                s.settimeout(seconds)
                try:
                    return s.recv(1) == b""
                except socket.timeout:
                    return False
                except OSError:
                    return True
            held = [socket.create_connection(("127.0.0.1", \(port))) for _ in range(6)]
            time.sleep(0.3)
            # four are held open, two closed at once (which two: the order the server's
            # threads accepted them in)
            closed = [closed_within(s, 0.3) for s in held]
            print("closed at once", closed.count(True), "held", closed.count(False))
            # no head in 2 s: the held ones closed, and the address's share comes back
            start = time.time()
            print("deadline", all(closed_within(s, 5) for s, c in zip(held, closed) if not c), round(time.time() - start + 0.8, 1))
            # a head trickled a byte every 0.2 s is cut at its deadline too
            s = socket.create_connection(("127.0.0.1", \(port)))
            s.sendall(b"GET /livez HTTP/1.1\\r\\nHost: x\\r\\n")
            start, cut = time.time(), False
            while time.time() - start < 8 and not cut:
                try:
                    s.sendall(b"X")
                    cut = closed_within(s, 0.2)
                except OSError:
                    cut = True
            print("trickle", cut, round(time.time() - start, 1))
            """
        let r = try runProgram("/usr/bin/env", ["python3", "-c", script])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("closed at once 2 held 4"), "\(r.stdout)\(r.stderr)")
        let deadline = lines.first { $0.hasPrefix("deadline ") }?.split(separator: " ") ?? []
        #expect(deadline.count == 3 && deadline[1] == "True" && (Double(deadline[2]) ?? 99) < 4.5, "\(r.stdout)")
        let trickle = lines.first { $0.hasPrefix("trickle ") }?.split(separator: " ") ?? []
        #expect(trickle.count == 3 && trickle[1] == "True" && (Double(trickle[2]) ?? 99) < 4.5, "\(r.stdout)")
        // Every connection closed: the address may connect again.
        #expect(try httpGet(server.url + "/livez").status == 200)
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(log.contains("more than 4 open from this address") && log.contains("no request head within 2 s"), "\(log.suffix(1500))")
    }

    /// A database kept by an older server (schema 4: no running total of the sea) is
    /// migrated at start, its days' sea summed from their runs: the same sea as before.
    @Test func anOlderDatabaseGetsItsSeaSummedAtStart() throws {
        let (folder, runs) = try Self.recorded.get()
        let db = folder + "/older-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        var server = try ServerProcess(db: db, folder: folder)
        for r in runs { #expect(try Self.submit(r.file, name: r.name, server: server.url, keyFolder: folder + "/player-\(r.name)").status == 0) }
        let before = try httpGet(server.url + "/v1/daily/\(Self.day)/sea").body
        server.stop()
        // Back to schema 4, as a server before the running total left it.
        let back = try runProgram("/usr/bin/env", ["python3", "-c", """
            import sqlite3; c = sqlite3.connect('\(db)')
            c.executescript('DROP TABLE sea; DROP INDEX runs_people; DROP INDEX runs_apart; DELETE FROM schema_migrations WHERE version = 5;')
            c.commit()
            """])
        #expect(back.status == 0, "\(back.stderr)")
        server = try ServerProcess(db: db, folder: folder)
        defer { server.stop() }
        let after = try httpGet(server.url + "/v1/daily/\(Self.day)/sea").body
        #expect(after == before && after.contains("\"runs\":3"), "before \(before), after \(after)")
    }

    /// `/metrics` in Prometheus's text format: posts by outcome and status, the re-play's
    /// time, the database's time by call, the queue and the connections.
    @Test func metricsCountPostsAndTimes() throws {
        let (folder, runs) = try Self.recorded.get()
        let server = try ServerProcess(db: folder + "/metrics-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder,
                                       extra: ["--trusted-proxy", "127.0.0.1"])
        defer { server.stop() }
        #expect(try Self.submit(runs[0].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana").status == 0)
        #expect(try Self.submit(runs[0].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana").stderr.contains("(409)"))
        _ = try Self.board(server.url)
        // Without --json, the board is a table a person reads.
        let table = try ocean(["daily", "leaderboard", "--server", server.url, "--date", Self.day])
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "The Daily Ocean of \(Self.day): 1 run ranked" && lines.count == 3, "\(table.stdout)\(table.stderr)")
        #expect(lines.dropFirst().first?.contains("rank  name") == true && lines.last?.contains(" ana ") == true, "\(table.stdout)")
        let m = try httpGet(server.url + "/metrics")
        #expect(m.status == 200)
        for line in [#"ocean_posts_total{outcome="stored",status="201"} 1"#, #"ocean_posts_total{outcome="refused",status="409"} 1"#,
                     "ocean_verify_seconds_count 2", "ocean_verify_queue_depth 0", "ocean_open_connections ",
                     // One batch a post here (one at a time): two commits of one run each.
                     "ocean_commit_batch_runs_count 2\n", "ocean_commit_batch_runs_sum 2.0\n"] {
            #expect(m.body.contains(line), "\(line) missing from:\n\(m.body.prefix(3000))")
        }
        #expect(m.body.contains(#"ocean_database_seconds_count{call="commit"} 2"#) && m.body.contains(#"call="board""#), "\(m.body.prefix(3000))")
        #expect(try httpHeaders(server.url + "/metrics")["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        // From a trusted proxy, the player's address is the last one it forwarded.
        _ = try runProgram("/usr/bin/curl", ["-s", "-H", "X-Forwarded-For: 198.51.100.1, 203.0.113.7", server.url + "/livez"])
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(log.contains("peer=203.0.113.7") && !log.contains("peer=198.51.100.1"), "\(log.suffix(1500))")
    }

    /// A program's run is ranked apart, with the reason shown: by its header, and,
    /// with the header taken out, by its inputs (faster than a person reacts); it does
    /// not heal the shared sea. A person's (the human bot's, unmarked) is ranked.
    @Test func programsAreRankedApartWithTheirReason() throws {
        let (folder, runs) = try Self.recorded.get()
        let server = try ServerProcess(db: folder + "/apart-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder)
        defer { server.stop() }
        let marked = folder + "/oracle-marked.replay", unmarked = folder + "/oracle-unmarked.replay"
        #expect(try runProgram(oceanBinary, ["daily", "record", "--date", Self.day, "--bot", "oracle", "--out", marked, "--force"]).status == 0)
        #expect(try runProgram(oceanBinary, ["daily", "record", "--date", Self.day, "--bot", "greedy", "--out", unmarked, "--force"]).status == 0)
        try asPerson(unmarked)
        #expect(try String(contentsOfFile: marked, encoding: .utf8).contains("\nrecorded-by oracle\n"))
        for (file, name, why) in [(marked, "orc", "recorded by a program ('oracle')"), (unmarked, "grd", "faster than a person can see and react")] {
            let s = try Self.submit(file, name: name, server: server.url, keyFolder: folder + "/player-\(name)")
            let o = try json(s.stdout) as? [String: Any] ?? [:]
            #expect(s.status == 0 && o["rank"] is NSNull && (o["apart"] as? String ?? "").contains(why), "\(s.stdout)\(s.stderr)")
        }
        let person = try Self.submit(runs[0].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana")
        let personAnswer = try json(person.stdout) as? [String: Any] ?? [:]
        #expect(person.status == 0 && personAnswer["rank"] as? Int == 1 && personAnswer["apart"] is NSNull, "\(person.stdout)")
        #expect(try Self.board(server.url).map { $0["name"] as? String ?? "" } == ["ana"])
        let apart = try json(try httpGet(server.url + "/v1/daily/\(Self.day)/leaderboard/apart").body) as? [[String: Any]] ?? []
        #expect(apart.map { $0["name"] as? String ?? "" } == ["orc", "grd"], "\(apart)")
        #expect(apart.allSatisfy { !($0["apart"] as? String ?? "").isEmpty })
        let sea = try json(try httpGet(server.url + "/v1/daily/\(Self.day)/sea").body) as? [String: Any] ?? [:]
        #expect(sea["runs"] as? Int == 1, "only the person's run heals the shared sea: \(sea)")
        let page = try httpGet(server.url + "/daily/\(Self.day)").body
        let headers = try httpHeaders(server.url + "/daily/\(Self.day)")
        #expect(headers["x-content-type-options"] == "nosniff" && (headers["content-security-policy"] ?? "").contains("default-src 'none'"),
                "\(headers)")
        #expect(page.contains("<h2>Ranked apart</h2>") && page.contains("faster than a person can see and react"))
        #expect(!page.contains("/v1/runs/"), "no replay link while the day is open")
        // A copy refused binds no name: the name stays free for its owner.
        let copy = try Self.submit(runs[0].file, name: "fay", server: server.url, keyFolder: folder + "/player-mallory")
        #expect(copy.status == 2 && copy.stderr.contains("(409)"), "\(copy.stderr)")
        let fay = try Self.submit(runs[2].file, name: "fay", server: server.url, keyFolder: folder + "/player-fay")
        #expect(fay.status == 0, "the name was bound by a refused copy: \(fay.stderr)")
    }

    /// `kill -9` while runs are being posted: after a restart every run answered 201
    /// is listed, each listed run is whole (its stored replay is the file sent), and
    /// a run whose answer was lost can be sent again.
    @Test func aKillMidSubmissionLosesNoAcknowledgedRunAndStoresNoHalfOne() throws {
        let (folder, _) = try Self.recorded.get()
        let runs = try Self.burstRuns(1...8, folder: folder)
        let serverFlags = ["--verify-threads", "1"]
        var db = "", inFlight = 0, clients: [(Process, String)] = []
        var started: [ServerProcess] = []
        defer { for s in started { s.stop() } }
        // The server is killed as soon as one run has its answer, the others in flight.
        // The posts start a few milliseconds apart, so one group commit rarely answers
        // them all at once; when it did (nothing was cut), the kill is tried again on a
        // fresh database: a kill after every answer tests nothing.
        var attempt = 0
        repeat {
            attempt += 1
            db = folder + "/burst-\(UInt32.random(in: 0...UInt32.max)).sqlite"
            let server = try ServerProcess(db: db, folder: folder, extra: serverFlags)
            started.append(server)
            clients = []
            for r in runs {
                clients += try Self.startSubmits([r], server: server.url, folder: folder)
                usleep(15_000)
            }
            // Generous: a commit waits for its fsync, which a busy shared disk can hold up.
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, !clients.contains(where: { !$0.0.isRunning && $0.0.terminationStatus == 0 }) {
                usleep(1_000)
            }
            server.killHard()
            inFlight = clients.filter { $0.0.isRunning }.count
            for (p, _) in clients { p.waitUntilExit() }
        } while inFlight == 0 && attempt < 4
        var acknowledged: [String: Int] = [:]
        for ((p, out), r) in zip(clients, runs) where p.terminationStatus == 0 {
            let o = try json(try String(contentsOfFile: out, encoding: .utf8)) as? [String: Any] ?? [:]
            acknowledged[r.name] = o["id"] as? Int
        }
        #expect(!acknowledged.isEmpty, "no run was acknowledged before the kill")
        #expect(inFlight > 0, "every run was answered before the kill: nothing was cut mid-submission")

        let server = try ServerProcess(db: db, folder: folder, extra: serverFlags)
        started.append(server)
        let board = try Self.board(server.url)
        let listed = Dictionary(uniqueKeysWithValues: board.map { ($0["name"] as? String ?? "", $0["id"] as? Int ?? 0) })
        for (name, id) in acknowledged { #expect(listed[name] == id, "\(name)'s acknowledged run \(id) is lost: \(board)") }
        // Each listed run whole: its replay (open once the day closed) is the file sent.
        let reader = try ServerProcess(db: db, folder: folder, extra: ["--now", Self.closed], name: "reader")
        for (name, id) in listed {
            let sent = try String(contentsOfFile: try #require(runs.first { $0.name == name }).file, encoding: .utf8)
            #expect(try httpGet(reader.url + "/v1/runs/\(id)/replay").body == sent, "\(name)'s stored replay is not the file sent")
        }
        reader.stop()
        // What was not acknowledged is sent again: stored now, or found already stored under the same name.
        for r in runs where acknowledged[r.name] == nil {
            let again = try Self.submit(r.file, name: r.name, server: server.url, keyFolder: folder + "/player-\(r.name)")
            #expect(again.status == 0 || again.stderr.contains("already posted for \(Self.day) by \(r.name)"), "\(again.stderr)")
        }
        #expect(Set(try Self.board(server.url).map { $0["name"] as? String ?? "" }) == Set(runs.map(\.name)))
    }

    /// `kill -9` while a batch of runs waits for its commit (group commit, the hold
    /// stretched to 5 s so the kill lands inside it): the batch before it, answered,
    /// is all there after a restart; none of the killed batch's runs was answered and
    /// none of them is stored, not even in part; sent again, each is kept.
    @Test func aKillWhileABatchWaitsForItsCommitLosesNoAcknowledgedRun() throws {
        let (folder, _) = try Self.recorded.get()
        let runs = try Self.burstRuns(1...12, folder: folder)
        let flags = ["--verify-threads", "2", "--commit-hold-ms", "5000", "--db-timeout", "30"]
        let db = folder + "/batch-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        var server = try ServerProcess(db: db, folder: folder, extra: flags)
        defer { server.stop() }
        let first = Array(runs.prefix(4)), second = Array(runs.dropFirst(4))
        let firstClients = try Self.startSubmits(first, server: server.url, folder: folder)
        for (p, _) in firstClients { p.waitUntilExit() }
        let acknowledged = try Self.acknowledged(firstClients, first)
        #expect(acknowledged.count == 4, "the first batch was not answered whole: \(acknowledged)")
        // The second wave: killed once the server has verified all twelve, so its eight
        // wait in the held batch (the first batch's commit is the only one so far).
        let secondClients = try Self.startSubmits(second, server: server.url, folder: folder)
        let deadline = Date().addingTimeInterval(60)
        var metrics = ""
        while Date() < deadline {
            metrics = (try? httpGet(server.url + "/metrics").body) ?? ""
            if metrics.contains("ocean_verify_seconds_count 12\n") { break }
            usleep(20_000)
        }
        #expect(metrics.contains("ocean_commit_batch_runs_count 1\n") && metrics.contains("ocean_commit_batch_runs_sum 4.0\n"),
                "the first four were not one batch, or the second committed before the kill:\n\(Self.counts(metrics))")
        server.killHard()
        for (p, _) in secondClients { p.waitUntilExit() }
        #expect(try Self.acknowledged(secondClients, second).isEmpty, "a run of the killed batch was answered")

        server = try ServerProcess(db: db, folder: folder, extra: flags)
        let board = try Self.board(server.url)
        let listed = Dictionary(uniqueKeysWithValues: board.map { ($0["name"] as? String ?? "", $0["id"] as? Int ?? 0) })
        #expect(listed == acknowledged, "after the restart the board is not the answered batch: \(board)")
        // Sent again together: one batch (held 5 s) keeps all eight.
        let again = try Self.startSubmits(second, server: server.url, folder: folder)
        for (p, _) in again { p.waitUntilExit() }
        #expect(try Self.acknowledged(again, second).count == 8)
        #expect(Set(try Self.board(server.url).map { $0["name"] as? String ?? "" }) == Set(runs.map(\.name)))
    }

    /// A `/metrics` page's counts and sums, without the histograms' buckets.
    static func counts(_ metrics: String) -> String {
        metrics.split(separator: "\n").filter { $0.hasPrefix("ocean_") && !$0.contains("bucket") }.joined(separator: "\n")
    }

    /// Daily runs `burstN` recorded once per suite (human bots of several skills).
    static func burstRuns(_ numbers: ClosedRange<Int>, folder: String) throws -> [(name: String, file: String)] {
        try numbers.map { i -> (name: String, file: String) in
            let file = folder + "/burst-\(i).replay"
            if !FileManager.default.fileExists(atPath: file) {
                let r = try ocean(["daily", "record", "--date", Self.day, "--bot", "human", "--skill", "\(20 + 6 * i)",
                                   "--seed", "\(100 + i)", "--out", file])
                guard r.status == 0 else { throw HarnessError(r.stderr) }
            }
            return ("burst\(i)", file)
        }
    }

    /// `ocean daily submit` of each run at once, each as its own player; the processes
    /// and the files their answers go to.
    static func startSubmits(_ runs: [(name: String, file: String)], server: String, folder: String) throws -> [(Process, String)] {
        try runs.map { r -> (Process, String) in
            let p = Process(), out = folder + "/\(r.name)-\(UInt32.random(in: 0...UInt32.max)).out"
            FileManager.default.createFile(atPath: out, contents: nil)
            p.executableURL = URL(fileURLWithPath: oceanBinary)
            p.arguments = ["daily", "submit", r.file, "--server", server, "--name", r.name]
            var env = ProcessInfo.processInfo.environment
            env["XDG_DATA_HOME"] = folder + "/player-\(r.name)"
            env["SWIFT_BACKTRACE"] = "enable=no"
            p.environment = env
            let h = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            p.standardOutput = h
            p.standardError = FileHandle.nullDevice
            try p.run()
            return (p, out)
        }
    }

    /// The runs whose submit ended answered (exit 0), by name, with the id the server gave.
    static func acknowledged(_ clients: [(Process, String)], _ runs: [(name: String, file: String)]) throws -> [String: Int] {
        var ids: [String: Int] = [:]
        for ((p, out), r) in zip(clients, runs) where !p.isRunning && p.terminationStatus == 0 {
            let o = try json(try String(contentsOfFile: out, encoding: .utf8)) as? [String: Any] ?? [:]
            ids[r.name] = o["id"] as? Int
        }
        return ids
    }

    @Test func badRequestsAreRefusedWithTheirReason() throws {
        let (folder, runs) = try Self.recorded.get()
        let server = try ServerProcess(db: folder + "/bad-\(UInt32.random(in: 0...UInt32.max)).sqlite", folder: folder,
                                       extra: ["--body-limit", "4096"])
        defer { server.stop() }
        // Larger than the body limit.
        let big = try Self.submit(runs[0].file, name: "ana", server: server.url, keyFolder: folder + "/player-ana")
        #expect(big.status == 2 && big.stderr.contains("(413)") && big.stderr.contains("4096"), "\(big.stderr)")
        // Not a replay at all.
        let junk = folder + "/junk.replay"
        try "hello\n".write(toFile: junk, atomically: true, encoding: .utf8)
        let j = try Self.submit(junk, name: "ana", server: server.url, keyFolder: folder + "/player-ana", date: Self.day)
        #expect(j.status == 2 && j.stderr.contains("(422)") && j.stderr.contains("not a replay"), "\(j.stderr)")
        // A name outside what is allowed never leaves the client; a bad date is the server's 400.
        let bad = try httpGet(server.url + "/v1/daily/2026-13-01/leaderboard")
        #expect(bad.status == 400 && bad.body.contains("YYYY-MM-DD"), "\(bad)")
        #expect(try httpGet(server.url + "/healthz").status == 200)
        #expect(try httpGet(server.url + "/v1/runs/999/replay").status == 404)
        #expect(try Self.board(server.url).isEmpty)
        // One log line per request, with what an operator needs.
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(log.contains("method=GET ms=") && log.contains("path=/v1/runs/999/replay peer=127.0.0.1 player=- status=404"),
                "\(log.suffix(1500))")
    }
}
