import Crypto
import OceanSystem

/// What a Daily Ocean run's signature covers, and the headers that carry it. The
/// client signs and the server checks the same bytes: a domain tag, the day, the
/// player's name and the replay, so a signature made for one day or one name proves
/// nothing for another.
public enum RunSignature {
    /// The player's name (letters, digits, `_`, `-`, `.`; see `nameProblem`).
    public static let playerHeader = "X-Ocean-Player"
    /// The player's Ed25519 public key, 32 bytes in standard base64.
    public static let keyHeader = "X-Ocean-Key"
    /// The Ed25519 signature of `message(…)`, 64 bytes in standard base64.
    public static let signatureHeader = "X-Ocean-Signature"

    /// The signed bytes: `ocean-daily-run/1`, the day and the name on lines of their
    /// own, then the replay's bytes as posted.
    public static func message(date: String, name: String, body: [UInt8]) -> [UInt8] {
        Array("ocean-daily-run/1\n\(date)\n\(name)\n".utf8) + body
    }

    /// The three headers of a signed post of `body` under `name` to `date`.
    public static func headers(date: String, name: String, body: [UInt8], key: Curve25519.Signing.PrivateKey) throws -> [(String, String)] {
        let signature = try key.signature(for: message(date: date, name: name, body: body))
        return [(playerHeader, name),
                (keyHeader, Base64.encode(Array(key.publicKey.rawRepresentation))),
                (signatureHeader, Base64.encode(Array(signature)))]
    }

    /// Whether `signature` (base64) is `publicKey`'s (base64) over the post; nil when
    /// it is, else what is wrong.
    public static func problem(date: String, name: String, body: [UInt8], publicKey: String, signature: String) -> String? {
        guard let keyBytes = Base64.decode(publicKey), keyBytes.count == 32,
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: keyBytes) else {
            return "\(keyHeader) is not an Ed25519 public key (32 bytes in standard base64)"
        }
        guard let sig = Base64.decode(signature), sig.count == 64 else {
            return "\(signatureHeader) is not an Ed25519 signature (64 bytes in standard base64)"
        }
        guard key.isValidSignature(sig, for: message(date: date, name: name, body: body)) else {
            return "\(signatureHeader) does not match: it is not this key's signature of this day, name and replay"
        }
        return nil
    }

    /// The signed bytes of a request for run `id`'s replay while its day is open (its
    /// owner's only): a domain tag of its own, so no run's signature serves as one.
    public static func replayRequest(id: Int) -> [UInt8] { Array("ocean-daily-replay/1\n\(id)\n".utf8) }

    /// The two headers of a signed request for run `id`'s replay.
    public static func replayHeaders(id: Int, key: Curve25519.Signing.PrivateKey) throws -> [(String, String)] {
        let signature = try key.signature(for: replayRequest(id: id))
        return [(keyHeader, Base64.encode(Array(key.publicKey.rawRepresentation))), (signatureHeader, Base64.encode(Array(signature)))]
    }

    /// Whether `signature` is `publicKey`'s over the request for run `id`'s replay.
    public static func signsReplayRequest(id: Int, publicKey: String, signature: String) -> Bool {
        guard let keyBytes = Base64.decode(publicKey), keyBytes.count == 32,
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: keyBytes),
              let sig = Base64.decode(signature), sig.count == 64 else { return false }
        return key.isValidSignature(sig, for: replayRequest(id: id))
    }

    /// The most names one key may hold: a player, a rename and a second player on the
    /// same machine; not a crowd of sock puppets (each name's run heals the shared sea).
    public static let namesPerKey = 3

    /// How a name reads to a person, for telling look-alikes apart: names with the same
    /// skeleton are one name, held by one key. Names are ASCII (`nameProblem`), where
    /// NFKC changes nothing; so the skeleton folds what still reads alike: the
    /// confusables of UTS #39 among the allowed characters (`I` and `1` read as `l`, `0`
    /// as `o`, `rn` as `m`, `vv` as `w`, `cl` as `d`), case, and the punctuation at
    /// either end (`ana.` is `ana`).
    public static func skeleton(_ name: String) -> String {
        var letters: [UInt8] = name.utf8.map { c in
            switch c {
            case UInt8(ascii: "I"), UInt8(ascii: "1"): UInt8(ascii: "l")
            case UInt8(ascii: "0"): UInt8(ascii: "o")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): c + 32
            default: c
            }
        }
        // Pairs that read as one letter, left to right ("rrn" reads "rm").
        let pairs: [(UInt8, UInt8, UInt8)] = [(UInt8(ascii: "r"), UInt8(ascii: "n"), UInt8(ascii: "m")),
                                              (UInt8(ascii: "v"), UInt8(ascii: "v"), UInt8(ascii: "w")),
                                              (UInt8(ascii: "c"), UInt8(ascii: "l"), UInt8(ascii: "d"))]
        var out: [UInt8] = []
        var i = 0
        while i < letters.count {
            if i + 1 < letters.count, let p = pairs.first(where: { $0.0 == letters[i] && $0.1 == letters[i + 1] }) {
                out.append(p.2)
                i += 2
            } else {
                out.append(letters[i])
                i += 1
            }
        }
        letters = out
        let ends: Set<UInt8> = [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: ".")]
        while let f = letters.first, ends.contains(f) { letters.removeFirst() }
        while let l = letters.last, ends.contains(l) { letters.removeLast() }
        return String(decoding: letters, as: UTF8.self)
    }

    /// Why `name` cannot be a player's name, or nil: 1 to 32 of ASCII letters, digits,
    /// `_`, `-` and `.` (a name is a URL-safe, unambiguous label on a leaderboard).
    public static func nameProblem(_ name: String) -> String? {
        let allowed = name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D || c == 0x2E
        }
        guard !name.isEmpty, name.utf8.count <= 32, allowed else {
            return "the player's name '\(name)' is not allowed: 1 to 32 of letters A-Z a-z, digits, '_', '-' and '.'"
        }
        return nil
    }
}
