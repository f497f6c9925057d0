import OceanKernel
import OceanSystem

/// The profile's text, read and written without Foundation (so the fuzzer builds it
/// with the kernel alone, `make fuzz-profile`). `Profile` adds the file around it.
///
/// ```
/// OCEAN-PROFILE 6
/// engine 0.1.0
/// state <base64 of the canonical state encoding>
/// planned-through 2026-01-05          (optional)
/// name Ada                            (optional, version 4)
/// seen intro outro                    (optional, version 4)
/// kinds plastic_bottle glass_bottle …  (version 5)
/// cards where_from plastic_lasts …     (version 6)
/// checksum <FNV-1a 64 of the lines above, 16 hex digits>
/// ```
///
/// Lines between `state` and `checksum` are optional `key value` extras (older
/// profiles have fewer and still load). Versions 2 and 3 follow the state encoding
/// the profile holds (3 since per-kind tallies and lifetime months; 2 and 1 migrate
/// on load, see `StateEncoding.decode`); version 4 adds the player, who is not
/// gameplay and so never enters the kernel's state: a version 3 profile loads as a
/// player with no name who has seen nothing (the intro plays once more).
/// - `planned-through DATE` (from 2): the last day a career plan decided on, played or
///   skipped. The next run starts the day after it, so skipped days stay skipped (and
///   break the streak) across runs.
/// - `name TEXT` (from 4): the player's name in UTF-8, 1 to `Player.maxNameLength`
///   printable characters (any letter: é, ñ, ß, ł…), no space at either end.
/// - `seen WORD…` (from 4): the story panels already shown: `intro`, `outro`.
/// - `kinds KEY…` (from 5): the kinds the state's per-kind figures (catches, grams,
///   months, items in the air) belong to, in the state's order. A profile is read by
///   these keys, so a balance that lists the kinds in another order, or adds one, reads
///   the same career; a career with figures of a kind the balance lacks is refused,
///   named. Without the line (versions 1 to 4) the figures follow the balance's order.
/// - `cards KEY…` (from 6): the quiz cards the state's per-card progress belongs to, in
///   the state's order (`ProfileCards`): a card added to the card file starts unseen, a
///   card answered but no longer in it is refused, named. Without the line (versions 1
///   to 5) the progress is the twelve cards of `Flashcards.firstTwelveKeys`.
public enum ProfileText {
    public static let magic = "OCEAN-PROFILE"
    public static let version = 6
    /// Lines a profile may have at most (magic, engine, state, extras, checksum).
    static let maxLines = 16

    /// The person playing: a name to greet and the story panels they have seen.
    /// Not gameplay: kept beside the kernel's state, never in it.
    public struct Player: Equatable, Sendable {
        /// Empty until asked.
        public var name = ""
        public var introSeen = false
        public var outroSeen = false

        public static let maxNameLength = 16

        public init(name: String = "", introSeen: Bool = false, outroSeen: Bool = false) {
            (self.name, self.introSeen, self.outroSeen) = (name, introSeen, outroSeen)
        }

        /// 1 to `maxNameLength` characters (not bytes), none a control character, no
        /// space at either end.
        public static func isValidName<S: StringProtocol>(_ name: S) -> Bool {
            (1...maxNameLength).contains(name.count) && name.unicodeScalars.allSatisfy(isPrintable)
                && name.first != " " && name.last != " "
        }

        /// Not a control character (C0, DEL, C1), nor a line or paragraph separator.
        public static func isPrintable(_ s: Unicode.Scalar) -> Bool {
            !(s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029)
        }
    }

    /// What a profile holds.
    public struct Contents: Equatable, Sendable {
        public var state: GameState
        /// The last day a career plan went through (see the type's notes); nil if unknown.
        public var plannedThrough: CalendarDate?
        /// The file's version (1 is migrated on load).
        public var version: Int
        public var player: Player
        /// The figures of kinds the opening balance lacks, set aside (`ProfileKinds`).
        public var foreignKinds = ForeignKinds()
        /// The kinds the file's figures were in (its `kinds` line; nil before version 5).
        public var storedKinds: [String]?

        public init(state: GameState, plannedThrough: CalendarDate? = nil, version: Int = ProfileText.version,
                    player: Player = Player()) {
            (self.state, self.plannedThrough, self.version, self.player) = (state, plannedThrough, version, player)
        }
    }

    /// Why a text is not a usable profile (the message names the line or field).
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// - kinds: the keys of the kinds the state's per-kind figures are in the order of
    ///   (the rules' `kindKeys`); empty writes no `kinds` line (the balance's order).
    public static func render(_ state: GameState, plannedThrough: CalendarDate? = nil, player: Player = Player(),
                              kinds: [String] = [], cards: [String] = Flashcards.firstTwelveKeys) -> String {
        var text = "\(magic) \(version)\nengine \(Engine.version)\nstate \(Base64.encode(StateEncoding.encode(state)))\n"
        if let plannedThrough { text += "planned-through \(plannedThrough)\n" }
        // An invalid name (never made by the game) is left out rather than written unreadable.
        if Player.isValidName(player.name) { text += "name \(player.name)\n" }
        let seen = (player.introSeen ? ["intro"] : []) + (player.outroSeen ? ["outro"] : [])
        if !seen.isEmpty { text += "seen \(seen.joined(separator: " "))\n" }
        if !kinds.isEmpty { text += "kinds \(kinds.joined(separator: " "))\n" }
        text += (["cards"] + cards).joined(separator: " ") + "\n"
        text += "checksum \(hex16(checksum(text)))\n"
        return text
    }

    static func checksum<S: StringProtocol>(_ text: S) -> UInt64 {
        var h = FNV1a64()
        h.write(bytes: text.utf8)
        return h.value
    }

    /// The contents of `text`: checked line by line, the state decoded, migrated from
    /// version 1 if need be, and validated against `rules` (every field in the range
    /// the kernel can produce). Any input gives contents or a `Problem`, never a crash.
    public static func parse(_ text: String, rules: Rules) throws(Problem) -> Contents {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 5, lines.count <= maxLines, lines[lines.count - 1].isEmpty else {
            throw Problem("not an Ocean Rescue profile, or cut short (expected 4 lines or more, ending with the checksum)")
        }
        let head = lines[0].split(separator: " ")
        guard head.count == 2, head[0] == Substring(magic), let v = Int(head[1]) else {
            throw Problem("not an Ocean Rescue profile (the first line should be '\(magic) \(version)')")
        }
        guard v >= 1 else {
            throw Problem("unknown profile version \(v) (this engine reads versions 1 to \(version))")
        }
        guard v <= version else {
            throw Problem("profile version \(v) is newer than this engine (\(Engine.version)) reads (up to \(version))")
        }
        let last = lines.count - 2
        guard lines[last].hasPrefix("checksum "), lines[last].utf8.count == 25,
              let stated = UInt64(lines[last].dropFirst(9), radix: 16) else {
            throw Problem("line \(last + 1): no checksum")
        }
        let bodyEnd = lines[last].startIndex
        guard checksum(text[text.startIndex..<bodyEnd]) == stated else {
            throw Problem("checksum mismatch: the file is corrupt")
        }
        guard lines[2].hasPrefix("state "), let bytes = Base64.decode(lines[2].dropFirst(6)) else {
            throw Problem("line 3: the state is not base64")
        }
        var contents = Contents(state: GameState(rules: rules, seed: 1), version: v)
        var named = false, seen = false
        var kinds: [String]?
        var cards: [String]?
        for n in 3..<last {
            let line = lines[n]
            if v >= 2, line.hasPrefix("planned-through "), contents.plannedThrough == nil,
               let date = parseDate(line.dropFirst(16)) {
                contents.plannedThrough = date
            } else if v >= 4, line.hasPrefix("name "), !named {
                guard Player.isValidName(line.dropFirst(5)) else {
                    throw Problem("line \(n + 1): name: 1 to \(Player.maxNameLength) printable characters, no space at either end")
                }
                contents.player.name = String(line.dropFirst(5))
                named = true
            } else if v >= 4, line.hasPrefix("seen "), !seen {
                for word in line.dropFirst(5).split(separator: " ", omittingEmptySubsequences: false) {
                    switch word {
                    case "intro" where !contents.player.introSeen: contents.player.introSeen = true
                    case "outro" where !contents.player.outroSeen: contents.player.outroSeen = true
                    default: throw Problem("line \(n + 1): seen: unknown or repeated '\(word.prefix(20))' (known: intro, outro)")
                    }
                }
                seen = true
            } else if v >= 5, line.hasPrefix("kinds "), kinds == nil {
                let keys = line.dropFirst(6).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                guard !keys.isEmpty, keys.count <= 256, Set(keys).count == keys.count,
                      keys.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 && $0.unicodeScalars.allSatisfy(Player.isPrintable) }) else {
                    throw Problem("line \(n + 1): kinds: 1 to 256 different kind keys, separated by single spaces")
                }
                kinds = keys
            } else if v >= 6, line == "cards" || line.hasPrefix("cards "), cards == nil {
                let keys = line.dropFirst(6).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                guard keys.count <= Rules.maxCards, Set(keys).count == keys.count,
                      keys.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 && $0.unicodeScalars.allSatisfy(Player.isPrintable) }) else {
                    throw Problem("line \(n + 1): cards: up to \(Rules.maxCards) different card keys, separated by single spaces")
                }
                cards = keys
            } else {
                throw Problem("line \(n + 1): unknown or repeated line '\(line.prefix(40))'")
            }
        }
        do {
            contents.state = try StateEncoding.decode(bytes)
        } catch {
            throw Problem("line 3: the state does not decode (\(error))")
        }
        if let kinds {
            contents.storedKinds = kinds
            contents.foreignKinds = try ProfileKinds.fit(&contents.state, stored: kinds, rules: rules)
        } else {
            try ProfileKinds.fitByPosition(&contents.state, rules: rules)
        }
        try ProfileCards.fit(&contents.state, stored: cards ?? Flashcards.firstTwelveKeys, rules: rules)
        if v == 1 {
            // Migration: careers began with version 2; the level follows the lifetime plastic
            // (clamped, so an out-of-range total is reported as such below).
            contents.state.career.level = rules.level(forGrams: max(0, contents.state.totals.grams))
        }
        do {
            try contents.state.checkValid(rules: rules)
        } catch {
            throw Problem(error.description)
        }
        return contents
    }

    /// `YYYY-MM-DD` within the calendar (0001-01-01 to 9999-12-31).
    public static func parseDate(_ s: Substring) -> CalendarDate? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count == 4, parts[1].utf8.count == 2, parts[2].utf8.count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        let date = CalendarDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }
}
