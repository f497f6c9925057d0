import Crypto
import Foundation
import OceanDailyClient
import OceanStore
import OceanSystem
import Testing
import TestSupport

/// The client bounds what a peer can make it do (issue 49): a hostile server on
/// loopback (`Tests/Tools/hostile-server.py`) tries each way, and the client stops
/// with its own words.
@Suite(.serialized) struct DailyClientTests {
    /// The peer, one per test, ended with it (its output is not ours: a pipe it held
    /// would keep the test runner's reader waiting).
    final class Peer {
        let process = Process()
        let port: Int

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", repoRoot + "/Tests/Tools/hostile-server.py", "--seconds", "60"]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
            guard line.hasPrefix("listening on "), let port = Int(line.dropFirst(13).prefix { $0.isNumber }) else {
                kill(process.processIdentifier, SIGKILL)
                throw HarnessFailure("the hostile server did not start: \(line)")
            }
            self.port = port
        }

        // SIGKILL: a child of the test runner's threads may have SIGTERM blocked.
        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    let peer: Peer

    init() throws { peer = try Peer() }

    func client(_ prefix: String, deadline: Int = 30) throws -> DailyClient {
        var c = try DailyClient(server: "http://127.0.0.1:\(peer.port)/\(prefix)")
        c.deadlineSeconds = deadline
        return c
    }

    func failure(_ body: () throws -> ServerAnswer) -> String {
        do {
            let answer = try body()
            return "answered \(answer.status)"
        } catch let failure as ClientFailure {
            return failure.description
        } catch {
            return "\(error)"
        }
    }

    let key = Curve25519.Signing.PrivateKey()

    @Test func aRedirectOffTheOriginIsNotFollowedAndTheKeyStaysHome() throws {
        let c = try client("offsite")
        let said = failure { try c.submit(replay: Array("x".utf8), date: "2026-12-01", name: "ana", key: key) }
        #expect(said.contains("off its origin") && said.contains("not followed"), "\(said)")
        let board = failure { try c.leaderboard(date: "2026-12-01") }
        #expect(board.contains("off its origin"), "\(board)")
    }

    @Test func aRedirectWithinTheOriginIsFollowedAFewTimesAtMost() throws {
        let ok = try client("samesite").leaderboard(date: "2026-12-01")
        #expect(ok.status == 200 && ok.json?["rank"]?.int == 1, "\(ok.status) \(ok.text)")
        let loop = failure { try client("loop").leaderboard(date: "2026-12-01") }
        #expect(loop.contains("redirects"), "\(loop)")
    }

    @Test func anEndlessAnswerIsCutAtTheLimit() throws {
        var c = try client("huge")
        c.answerLimit = 1 << 20
        let said = failure { try c.leaderboard(date: "2026-12-01") }
        #expect(said.contains("larger than 1048576 bytes"), "\(said)")
    }

    @Test func aCompressedAnswerIsBoundedAfterInflating() throws {
        var c = try client("bomb")
        c.answerLimit = 1 << 20
        let said = failure { try c.leaderboard(date: "2026-12-01") }
        #expect(said.contains("larger than 1048576 bytes"), "\(said)")
    }

    @Test func aDrippingServerMeetsTheTotalDeadline() throws {
        let c = try client("drip", deadline: 3)
        let said = failure { try c.leaderboard(date: "2026-12-01") }
        #expect(said.contains("timed out after 3 s"), "\(said)")
    }

    @Test func aServersTextIsOneEscapedLine() throws {
        let answer = try client("forge").submit(replay: Array("x".utf8), date: "2026-12-01", name: "ana", key: key)
        #expect(answer.status == 422)
        #expect(!answer.errorText.contains("\n") && answer.errorText.contains("bad run\\nocean: your run is rank 1\\u202E"),
                "\(answer.errorText)")
    }

    @Test func addressesAreOneRuleForSettingsAndClient() {
        #expect((try? DailyClient(server: "HTTP://127.0.0.1:8080"))?.server.description == "http://127.0.0.1:8080")
        for bad in ["http://user:secret@127.0.0.1:8080", "ftp://x", "http://", "http://a b", "http://127.0.0.1:0",
                    "http://127.0.0.1:8080?x=1", "http://127.0.0.1:8080\\u0040localhost:9/"] {
            #expect((try? DailyClient(server: bad)) == nil, "\(bad)")
            #expect(DailySettings.addressProblem(bad) != nil, "\(bad)")
        }
        do {
            _ = try DailyClient(server: "http://ana:hunter2@127.0.0.1:1")
        } catch {
            #expect(!error.description.contains("hunter2"), "\(error.description)")
        }
    }
}

struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
