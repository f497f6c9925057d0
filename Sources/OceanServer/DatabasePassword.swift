import OceanBalance

/// Where the PostgreSQL password comes from, so that it need never be in `--db`
/// (argv is readable by every user of the machine, through `ps`). libpq's order:
/// a password in the address, then a file named by the operator, then `PGPASSWORD`,
/// then the password file (`PGPASSFILE`, or `~/.pgpass`) line that matches.
public enum DatabasePassword {
    /// The connection a password is looked up for (`host`: a name, or a socket's folder).
    public struct Target: Sendable, Equatable {
        public var host: String
        public var port: Int
        public var database: String
        public var user: String
        public init(host: String, port: Int, database: String, user: String) {
            self.host = host
            self.port = port
            self.database = database
            self.user = user
        }
    }

    /// The connection a `postgres://` address names, and any password written in it.
    public static func target(of url: String) throws -> (target: Target, inAddress: String?) {
        do { let t = try PostgresRunStore.target(url); return (t.target, t.password) } catch { throw PasswordProblem("\(error)") }
    }

    /// The password and a few words on its source (for the log: never the password),
    /// or nil with no password found (the server then connects without one).
    /// `readFile` returns a file's text and its permission bits, nil if absent.
    public static func find(for target: Target, inAddress: String?, file: String?, environment: [String: String],
                            readFile: (String) throws -> (text: String, mode: UInt32)?) throws -> (password: String, source: String)? {
        if let inAddress, !inAddress.isEmpty { return (inAddress, "the address (--db): visible to `ps`; prefer --db-password-file or PGPASSWORD") }
        if let file {
            guard let (text, mode) = try readFile(file) else { throw PasswordProblem("--db-password-file: \(file) does not exist") }
            guard mode & 0o077 == 0 else {
                throw PasswordProblem("--db-password-file: \(file) may be read by others (mode \(String(mode & 0o777, radix: 8))); `chmod 600` it")
            }
            let first = textLines(text).first.map(String.init) ?? ""
            guard !first.isEmpty else { throw PasswordProblem("--db-password-file: \(file) is empty; its first line is the password") }
            return (first, "the file \(file)")
        }
        if let p = environment["PGPASSWORD"], !p.isEmpty { return (p, "PGPASSWORD") }
        let passFile = environment["PGPASSFILE"] ?? environment["HOME"].map { $0 + "/.pgpass" }
        guard let passFile, let (text, mode) = try readFile(passFile) else { return nil }
        // libpq ignores a password file others may read; so do we, and say so.
        guard mode & 0o077 == 0 else {
            throw PasswordProblem("\(passFile) may be read by others (mode \(String(mode & 0o777, radix: 8))); `chmod 600` it, as libpq asks")
        }
        guard let p = match(text, target) else { return nil }
        return (p, "the password file \(passFile)")
    }

    /// The password of the first line of a `.pgpass` text
    /// (`host:port:database:user:password`, `*` for any, `\:` and `\\` escaped) that
    /// matches `target`; a socket connection also matches the host `localhost`.
    public static func match(_ text: String, _ target: Target) -> String? {
        let wanted = [target.host, String(target.port), target.database, target.user]
        for line in textLines(text) where !line.isEmpty {
            if line.hasPrefix("#") { continue }
            let fields = split(Substring(line))
            guard fields.count == 5 else { continue }
            var matches = true
            for (i, want) in wanted.enumerated() where fields[i] != "*" && fields[i] != want {
                if i == 0 && target.host.hasPrefix("/") && fields[0] == "localhost" { continue }
                matches = false
            }
            if matches { return fields[4] }
        }
        return nil
    }

    /// A line's fields at unescaped colons, escapes undone.
    static func split(_ line: Substring) -> [String] {
        var fields: [String] = [], current = "", escaped = false
        for c in line {
            if escaped { current.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else { current.append(c) }
        }
        fields.append(current)
        return fields
    }
}

/// A password source that cannot be used, in words that say how to fix it.
public struct PasswordProblem: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
