/// A Daily Ocean server's address as the player gives it (`--server`, `daily.toml`'s
/// `submit_to`): `http://` or `https://`, a host, an optional port and an optional base
/// path. One parser for every place an address is taken, so what the settings accept
/// the client can reach, and a redirect is judged by the same origin rule.
public struct ServerAddress: Equatable, Sendable, CustomStringConvertible {
    /// `http` or `https`, lower case.
    public var scheme: String
    /// A name or an IPv4 address in lower case, or an IPv6 address in brackets.
    public var host: String
    /// The port, the scheme's own (80, 443) when the address names none.
    public var port: Int
    /// The base path without a trailing `/` (empty for the root).
    public var path: String

    /// What a browser calls the origin: a redirect is followed only within it.
    public var origin: String { "\(scheme)://\(host):\(port)" }

    /// The address written back (the default port left out).
    public var description: String {
        let defaultPort = scheme == "https" ? 443 : 80
        return "\(scheme)://\(host)" + (port == defaultPort ? "" : ":\(port)") + path
    }

    /// `path` under the base path (`path` starts with `/`).
    public func url(_ path: String) -> String { "\(scheme)://\(host):\(port)\(self.path)\(path)" }

    /// Parses `text`, or says what is wrong with it in words for a flag's message.
    public static func parse(_ text: String) -> Result<ServerAddress, ServerAddressProblem> {
        let example = "such as http://127.0.0.1:8080"
        guard text.utf8.count <= 300, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            return .failure(.init("must be an http:// or https:// address of printable ASCII without spaces (\(example))"))
        }
        guard let marker = text.firstRange(of: "://") else {
            return .failure(.init("must start with http:// or https:// (\(example))"))
        }
        let scheme = text[..<marker.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return .failure(.init("must start with http:// or https://, not \(scheme):// (\(example))"))
        }
        let rest = text[marker.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if path.contains("?") || path.contains("#") {
            return .failure(.init("must not carry a query or a fragment (?, #): name the server and, at most, a path"))
        }
        if authority.contains("@") {
            return .failure(.init("must not carry a user name or password (the part before @): the server needs none, "
                + "and an address is printed in messages"))
        }
        if path.contains("\\") || path.contains("%") {
            return .failure(.init("its path must not use \\ or %-escapes"))
        }
        while path.hasSuffix("/") { path.removeLast() }
        var host: Substring, portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(.init("an IPv6 address must end with ]")) }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .failure(.init("after an IPv6 address comes :PORT or nothing")) }
                portText = after.dropFirst()
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return .failure(.init("'\(host)' is not an IPv6 address"))
            }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            if parts.count == 2 { portText = parts[1] }
            let allowed = host.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x2E
            }
            guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.hasPrefix("-") else {
                return .failure(.init("'\(host)' is not a host name (letters, digits, '-' and '.') or an address (\(example))"))
            }
        }
        var port = scheme == "https" ? 443 : 80
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p), portText.allSatisfy(\.isASCII) else {
                return .failure(.init("'\(portText)' is not a port (1 to 65535)"))
            }
            port = p
        }
        return .success(ServerAddress(scheme: scheme, host: host.lowercased(), port: port, path: path))
    }
}

/// Why a text is not a server's address.
public struct ServerAddressProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
