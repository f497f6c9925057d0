import Testing
@testable import OceanServer

/// Where PostgreSQL's password is found (never only in argv): libpq's order and its
/// password file's rules.
@Suite struct DatabasePasswordTests {
    let socket = DatabasePassword.Target(host: "/run/pg", port: 5432, database: "daily", user: "ocean")
    let tcp = DatabasePassword.Target(host: "db.example", port: 6432, database: "daily", user: "ocean")

    func find(_ target: DatabasePassword.Target, inAddress: String? = nil, file: String? = nil, env: [String: String] = [:],
              files: [String: (String, UInt32)] = [:]) throws -> (password: String, source: String)? {
        try DatabasePassword.find(for: target, inAddress: inAddress, file: file, environment: env) { files[$0].map { ($0.0, $0.1) } }
    }

    @Test func theOrderIsLibpqs() throws {
        let files = ["/etc/ocean/pw": ("from-file\n", UInt32(0o100600)), "/home/op/.pgpass": ("*:*:*:ocean:from-pgpass\n", UInt32(0o100600))]
        let env = ["PGPASSWORD": "from-env", "HOME": "/home/op"]
        #expect(try find(tcp, inAddress: "in-url", file: "/etc/ocean/pw", env: env, files: files)?.password == "in-url")
        #expect(try find(tcp, file: "/etc/ocean/pw", env: env, files: files)?.password == "from-file")
        #expect(try find(tcp, env: env, files: files)?.password == "from-env")
        #expect(try find(tcp, env: ["HOME": "/home/op"], files: files)?.password == "from-pgpass")
        #expect(try find(tcp, env: ["HOME": "/nowhere"], files: files) == nil)
        // The source is said, never the password.
        #expect(try find(tcp, env: env, files: files)?.source == "PGPASSWORD")
    }

    @Test func pgpassLinesMatchFieldByField() {
        let text = """
            # comment
            db.example:5432:daily:ocean:wrong-port
            db.example:6432:other:ocean:wrong-db
            db.example:6432:daily:ocean:p\\:w\\\\d
            *:*:*:*:anything
            """
        #expect(DatabasePassword.match(text, tcp) == "p:w\\d")
        #expect(DatabasePassword.match("localhost:5432:daily:ocean:sock\n", socket) == "sock")
        #expect(DatabasePassword.match("/run/pg:*:*:ocean:folder\n", socket) == "folder")
        #expect(DatabasePassword.match("other:*:*:*:x\n", tcp) == nil)
        #expect(DatabasePassword.match("too:few:fields\n", tcp) == nil)
    }

    @Test func filesOthersMayReadAreRefusedByName() throws {
        #expect(throws: PasswordProblem.self) { try find(tcp, file: "/etc/ocean/pw", files: ["/etc/ocean/pw": ("x\n", 0o100644)]) }
        #expect(throws: PasswordProblem.self) { try find(tcp, file: "/absent") }
        #expect(throws: PasswordProblem.self) { try find(tcp, file: "/empty", files: ["/empty": ("\n", 0o100600)]) }
        do {
            _ = try find(tcp, env: ["PGPASSFILE": "/srv/pgpass"], files: ["/srv/pgpass": ("*:*:*:*:x\n", 0o100640)])
            Issue.record("a password file others may read was used")
        } catch {
            #expect("\(error)".contains("/srv/pgpass") && "\(error)".contains("chmod 600"), "\(error)")
        }
    }

    @Test func addressesAreRedactedInMessages() throws {
        #expect(PostgresRunStore.redacted("postgres://ocean:s3cret@db:5432/daily").contains("***"))
        #expect(!PostgresRunStore.redacted("postgres://ocean:s3cret@db:5432/daily").contains("s3cret"))
        let (t, inAddress) = try DatabasePassword.target(of: "postgres://ocean@localhost/daily?host=/run/pg")
        #expect(t == DatabasePassword.Target(host: "/run/pg", port: 5432, database: "daily", user: "ocean") && inAddress == nil)
    }
}
