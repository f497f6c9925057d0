import Foundation
import Testing
import TestSupport
import OceanSystem

/// A throwaway PostgreSQL 15 cluster in a temporary folder, on a Unix socket there
/// (no TCP port): started by the test, stopped and removed after it.
final class TestCluster {
    static let bin = "/usr/lib/postgresql/15/bin"
    let folder: String

    init() throws {
        folder = "/tmp/ocean-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // PostgreSQL refuses to run as root: as root, its own user runs it.
        if getuid() == 0 { _ = try runProgram("/bin/chown", ["postgres", folder]) }
        try run("\(Self.bin)/initdb -D \(folder)/data -A trust -U ocean")
        try run("\(Self.bin)/pg_ctl -D \(folder)/data -o \"-k \(folder) -c listen_addresses=''\" -l \(folder)/log -w start")
    }

    var url: String { "postgres://ocean@localhost/postgres?host=\(folder)" }

    func stop() {
        _ = try? run("\(Self.bin)/pg_ctl -D \(folder)/data -m immediate -w stop")
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `command` as the cluster's owner. Every descriptor above 2 is closed first:
    /// the server `pg_ctl start` leaves running would otherwise keep one that tells
    /// Foundation's `Process` its child is alive, and the wait would never end.
    func run(_ command: String) throws {
        let asOwner = getuid() == 0 ? "exec su postgres -s /bin/sh -c \"\(command.replacingOccurrences(of: "\"", with: "\\\""))\""
                                    : "exec \(command)"
        let closeAll = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; "#
        guard let r = runSubprocess(["bash", "-c", closeAll + asOwner + " </dev/null"]) else {
            throw HarnessError("bash could not be started")
        }
        guard r.status == 0 else { throw HarnessError("\(command): \(r.output)") }
    }
}

/// `ocean-server --db postgres://…`: two server processes on one real PostgreSQL.
@Suite(.serialized) struct PostgresServerTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestCluster.bin + "/initdb"),
                   "PostgreSQL 15 is not installed (\(TestCluster.bin)): `make deps` installs it; the PostgreSQL test is skipped"))
    func twoServersShareOneDatabase() throws {
        let (folder, runs) = try DailyServerTests.recorded.get()
        let cluster = try TestCluster()
        defer { cluster.stop() }
        var a = try ServerProcess(db: cluster.url, folder: folder, name: "pg-a")
        let b = try ServerProcess(db: cluster.url, folder: folder, name: "pg-b")
        defer { a.stop(); b.stop() }
        // Runs sent to either server land in the one database.
        for (i, r) in runs.enumerated() {
            let s = try DailyServerTests.submit(r.file, name: r.name, server: (i % 2 == 0 ? a : b).url,
                                                keyFolder: folder + "/player-\(r.name)")
            #expect(s.status == 0, "\(s.stderr)")
        }
        let expected = runs.sorted { $0.score > $1.score }
        let fromA = try DailyServerTests.board(a.url), fromB = try DailyServerTests.board(b.url)
        #expect(fromA.map { $0["name"] as? String ?? "" } == expected.map(\.name), "\(fromA)")
        #expect(fromA.map { $0["score"] as? Int ?? -1 } == expected.map(\.score))
        #expect(fromB.map { $0["id"] as? Int ?? 0 } == fromA.map { $0["id"] as? Int ?? 0 })
        // A name bound through one server is bound on the other.
        let stolen = try DailyServerTests.submit(runs[0].file, name: runs[1].name, server: b.url,
                                                 keyFolder: folder + "/player-pg-mallory")
        #expect(stolen.status == 2 && stolen.stderr.contains("(403)"), "\(stolen.stderr)")
        // kill -9 of one, a restart: the same leaderboard.
        a.killHard()
        a = try ServerProcess(db: cluster.url, folder: folder, name: "pg-a2")
        #expect(try DailyServerTests.board(a.url).map { $0["id"] as? Int ?? 0 } == fromA.map { $0["id"] as? Int ?? 0 })
        #expect(try httpGet(a.url + "/healthz").body.contains("\"database\":\"ok\""))

        // PostgreSQL stopped: every answer within seconds, a 503 with its body and
        // Retry-After, the cause in the log; /healthz says the database fails, /livez
        // that the process lives.
        try cluster.run("\(TestCluster.bin)/pg_ctl -D \(cluster.folder)/data -m immediate -w stop")
        for path in ["/healthz", "/v1/daily/\(DailyServerTests.day)/leaderboard"] {
            let started = Date()
            let r = try httpGet(a.url + path)
            let took = Date().timeIntervalSince(started)
            #expect(r.status == 503 && r.body.contains("\"") && !r.body.isEmpty, "\(path): \(r)")
            #expect(took < 8, "\(path) took \(took) s with the database stopped")
        }
        #expect(try httpGet(a.url + "/livez").status == 200)
        let log = try String(contentsOfFile: a.log, encoding: .utf8)
        #expect(log.contains("request failed") || log.contains("health check failed"), "\(log.suffix(2000))")
    }
}
