import Foundation
import Testing
import TestSupport
import OceanSystem

/// A throwaway PostgreSQL cluster in a temporary folder, on a Unix socket there
/// (no TCP port): started by the test, stopped and removed after it.
final class TestCluster {
    /// The newest installed PostgreSQL's programs (Debian 12 has 15, Ubuntu 24.04 16:
    /// found, not assumed); a path that does not exist when none is installed.
    static let bin: String = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init)
            .filter { FileManager.default.isExecutableFile(atPath: "\(root)/\($0)/bin/initdb") }
        return versions.max().map { "\(root)/\($0)/bin" } ?? "\(root)/(none)/bin"
    }()
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
                   "PostgreSQL is not installed (no /usr/lib/postgresql/VERSION/bin/initdb): `make deps` installs it; the PostgreSQL test is skipped"))
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

        // A server started while the database is down tries for --db-start-seconds,
        // then ends non-zero with the reason: it never sits neither listening nor exiting.
        let started = Date()
        do {
            _ = try ServerProcess(db: cluster.url, folder: folder, extra: ["--db-start-seconds", "2"], name: "pg-down")
            Issue.record("a server started with its database down listened")
        } catch {
            let said = "\(error)"
            #expect(said.contains("ended (1)") && said.contains("did not answer within 2 s of starting"), "\(said)")
            #expect(said.contains("trying again"), "no retry logged: \(said)")
        }
        #expect(Date().timeIntervalSince(started) < 15)
    }

    /// The database's password from the environment, a file or `.pgpass`, never only
    /// argv; without it the server ends with the database's reason.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestCluster.bin + "/initdb"),
                   "PostgreSQL is not installed (no /usr/lib/postgresql/VERSION/bin/initdb): `make deps` installs it; the PostgreSQL test is skipped"))
    func thePasswordComesFromOutsideArgv() throws {
        let (folder, _) = try DailyServerTests.recorded.get()
        let cluster = try TestCluster()
        defer { cluster.stop() }
        try cluster.run("\(TestCluster.bin)/psql -h \(cluster.folder) -U ocean -d postgres -c \"ALTER ROLE ocean PASSWORD 'tide-pool'\"")
        try cluster.run("sh -c 'echo local all all scram-sha-256 > \(cluster.folder)/data/pg_hba.conf'")
        try cluster.run("\(TestCluster.bin)/pg_ctl -D \(cluster.folder)/data -w reload")
        let quick = ["--db-start-seconds", "1"]
        do {
            _ = try ServerProcess(db: cluster.url, folder: folder, extra: quick, name: "pg-nopw")
            Issue.record("a server without the password listened")
        } catch {
            #expect("\(error)".contains("ended (1)") && "\(error)".lowercased().contains("password"), "\(error)")
        }
        let fromEnv = try ServerProcess(db: cluster.url, folder: folder, extra: quick, name: "pg-env", environment: ["PGPASSWORD": "tide-pool"])
        fromEnv.stop()
        #expect(try String(contentsOfFile: fromEnv.log, encoding: .utf8).contains("the database password from PGPASSWORD"))
        let file = folder + "/pg-password-\(UInt32.random(in: 0...UInt32.max))"
        try "tide-pool\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let fromFile = try ServerProcess(db: cluster.url, folder: folder, extra: quick + ["--db-password-file", file], name: "pg-file")
        fromFile.stop()
        let pgpass = folder + "/pgpass-\(UInt32.random(in: 0...UInt32.max))"
        try "localhost:5432:postgres:ocean:tide-pool\n".write(toFile: pgpass, atomically: true, encoding: .utf8)
        chmod(pgpass, 0o600)
        let fromPgpass = try ServerProcess(db: cluster.url, folder: folder, extra: quick, name: "pg-pgpass", environment: ["PGPASSFILE": pgpass])
        fromPgpass.stop()
        // A password file others may read is refused by name (exit 2), as libpq refuses it.
        chmod(file, 0o644)
        let loose = try runProgram("/usr/bin/timeout", ["20", serverBinary, "--db", cluster.url, "--db-password-file", file, "--port", "0"])
        #expect(loose.status == 2 && loose.stderr.contains(file) && loose.stderr.contains("chmod 600"), "\(loose.stderr)")
    }
}

/// Three servers on one PostgreSQL behind HAProxy (Debian's), as an operator runs
/// them: runs posted through the proxy under load, one server killed mid-load, and
/// every run the proxy acknowledged (201) is stored exactly once.
@Suite(.serialized) struct ProxiedServersTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestCluster.bin + "/initdb")
                       && FileManager.default.isExecutableFile(atPath: "/usr/sbin/haproxy"),
                   "PostgreSQL or HAProxy is not installed: `make deps` installs them; the proxy test is skipped"))
    func everyAcknowledgedRunIsStoredOnce() throws {
        let (folder, _) = try DailyServerTests.recorded.get()
        // Twenty-four people's runs of the day, each a game of its own.
        let runs = try (1...24).map { i -> (name: String, file: String) in
            let file = folder + "/proxied-\(i).replay"
            if !FileManager.default.fileExists(atPath: file) {
                let r = try ocean(["daily", "record", "--date", DailyServerTests.day, "--bot", "human", "--skill", "\(30 + i * 2)",
                                   "--seed", "\(100 + i)", "--out", file, "--force"])
                guard r.status == 0 else { throw HarnessError("record \(i): \(r.stderr)") }
            }
            return ("p\(i)", file)
        }
        let cluster = try TestCluster()
        defer { cluster.stop() }
        let open = ["--trusted-proxy", "127.0.0.1", "--posts-per-minute", "100000", "--posts-per-minute-per-key", "100000"]
        let servers = try (0..<3).map { try ServerProcess(db: cluster.url, folder: folder, extra: open, name: "proxied-\($0)") }
        defer { servers.forEach { $0.stop() } }
        let port = try runProgram("/usr/bin/env", ["python3", "-c",
            "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let config = folder + "/haproxy-\(port).cfg"
        try """
            global
                maxconn 512
            defaults
                mode http
                option forwardfor
                timeout connect 2s
                timeout client 30s
                timeout server 30s
                retries 2
                option redispatch
            frontend daily
                bind 127.0.0.1:\(port)
                default_backend servers
            backend servers
                balance roundrobin
                option httpchk GET /healthz
            \(servers.enumerated().map { "    server s\($0.offset) \($0.element.url.dropFirst("http://".count)) check inter 300ms fall 1 rise 2" }
                .joined(separator: "\n"))

            """.write(toFile: config, atomically: true, encoding: .utf8)
        let proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: "/usr/sbin/haproxy")
        proxy.arguments = ["-db", "-f", config]
        let proxyLog = try FileHandle(forWritingTo: URL(fileURLWithPath: { FileManager.default.createFile(atPath: $0, contents: nil); return $0 }(config + ".log")))
        proxy.standardOutput = proxyLog
        proxy.standardError = proxyLog
        try proxy.run()
        defer { kill(proxy.processIdentifier, SIGKILL); proxy.waitUntilExit() }
        let url = "http://127.0.0.1:\(port)"
        let up = Date().addingTimeInterval(20)
        while Date() < up, (try? httpGet(url + "/healthz").status) != 200 { usleep(100_000) }
        #expect(try httpGet(url + "/healthz").status == 200, "HAProxy did not answer")

        // Four posting at once; the eighth post done, one server is killed.
        let answers = Answers()
        let victim = servers[1].process.processIdentifier
        let done = DispatchGroup()
        let lanes = DispatchQueue(label: "posts", attributes: .concurrent)
        let gate = DispatchSemaphore(value: 4)
        for r in runs {
            gate.wait()
            done.enter()
            lanes.async {
                let s = try? DailyServerTests.submit(r.file, name: r.name, server: url, keyFolder: folder + "/player-proxied-\(r.name)")
                let acknowledged = s?.status == 0 && (s?.stdout.contains("\"verified\"") ?? false)
                if answers.add(r.name, acknowledged) == 8 { kill(victim, SIGKILL) }
                gate.signal()
                done.leave()
            }
        }
        done.wait()
        let acknowledged = answers.acknowledged
        #expect(acknowledged.count >= 16, "only \(acknowledged.count) of 24 acknowledged: \(answers.all)")
        // The board, through the proxy: every acknowledged run once, nothing twice.
        let names = try DailyServerTests.board(url).map { $0["name"] as? String ?? "" }
        #expect(Set(names).count == names.count, "a run stored twice: \(names)")
        for name in acknowledged { #expect(names.contains(name), "\(name) was acknowledged and is not on the board") }
        print("behind HAProxy: \(acknowledged.count) of 24 posts acknowledged, \(names.count) runs on the board, server 1 killed after the 8th")
        // The posts reached the servers through the proxy.
        let log = try String(contentsOfFile: servers[0].log, encoding: .utf8)
        #expect(log.contains("status=201"), "\(log.suffix(1500))")
    }
}

/// What each post came to, shared by the posting threads.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [(String, Bool)] = []

    /// Records one answer; the number recorded so far.
    func add(_ name: String, _ acknowledged: Bool) -> Int {
        lock.lock()
        defer { lock.unlock() }
        results.append((name, acknowledged))
        return results.count
    }

    var acknowledged: [String] { lock.lock(); defer { lock.unlock() }; return results.filter(\.1).map(\.0) }
    var all: [(String, Bool)] { lock.lock(); defer { lock.unlock() }; return results }
}
