import OceanKernel
import OceanSystem

/// The spelling of a replay file: keywords, limits and the per-tick fingerprint. The
/// writer and the reader both use these, so the two cannot drift apart.
public enum ReplayFormat {
    public static let magic = "OCEAN-REPLAY"
    /// Bump when a change means an older reader would misread a newer file.
    /// 13 makes the quiz's cards data: a `cards KEY…` header line names the cards in
    /// the order their progress is kept (older files play the twelve of
    /// `Flashcards.firstTwelveKeys`), and an answer names its card by key (`answer
    /// KEY right|wrong`); the state encoding stays 11.
    /// 12 adds recorded states: an optional `states-every N` header line and, at each
    /// checkpoint whose tick is a multiple of N (and the closing one), the whole state
    /// before its checkpoint line (`s TICK BASE64`, in parts), so a divergence is shown
    /// as the fields that differ; the state encoding stays 11.
    /// 11 adds the quiz: a card is studied by answering it (`answer CARD right` or
    /// `wrong`; `study CARD` is refused), on a Leitner schedule
    /// (`career.first_review_days`, `review_growth_percent`), an optional `assist
    /// SPEED BIN` header line (assist mode), and hashes state encoding 11 (the
    /// career's count of studies).
    /// 10 adds the seas (`balance sea.KEY.*` lines and the `sea KEY` command), the
    /// day's healing that follows its plastic (`health.rise_open_percent`,
    /// `rise_opens_from_percent`, `rise_cap_drop_percent`), and hashes state
    /// encoding 10 (the seas opened and the one played).
    /// 9 adds kinds that play differently (`kind.KEY.catch_body_percent`,
    /// `bounce_percent`, sea life, power-ups, `spawn_weight_per_step`), the classic
    /// tempo that follows the level (`tempo.*`), the power-ups' `power.*`,
    /// `health.per_sea_life` and `rounds.fair_spawn = 2`, and hashes state encoding 9
    /// (the game's tempo step and powers, an item's bounce, sea life caught).
    /// 8 adds arcade mode (`start arcade`, the `arcade.*` constants, a `mode` header
    /// line naming the mode its games were recorded in) and hashes state encoding 8
    /// (the game's mode, its misses left, the round's first miss count). 7 adds the pointer (a move written `@X`: the bin goes to playfield x X, in
    /// fixed point) and the `abandon` command, and hashes state encoding 7 (the day's
    /// net health and today's scans); older files take the true numbers' new
    /// constants (`kind.KEY.plastic`, the day's cap on its sum, the level curve, the
    /// daily scan limit) from `addedConstants` and `addedKindConstants`. 6 takes the kinds of trash from the header's `balance kind.KEY.*` lines (any
    /// number, in the order written; older files name the six kinds they were
    /// recorded with) and hashes state encoding 6. 5 adds the challenge table (`challenge KEY VALUE` lines, the templates of
    /// `assets/challenges.toml` without their texts; none: no challenges) and hashes
    /// state encoding 5. 4 adds the daily health caps (`health.daily_rise_cap`, `daily_fall_cap`) and
    /// hashes state encoding 4. 3 writes every enum by its stable key (phase, pet
    /// form) instead of its display name, may start from a saved state
    /// (`start-state`), and hashes state encoding 3. 2 added sessions, flashcard
    /// study and adoption, the career and pet constants and the career subsystem.
    /// 14 adds arcade's rounds that keep growing past their items' cap (`arcade.late_items_per_round`).
    /// 15 adds the mastery part of the day's rise cap (`health.mastery_rise`, `mastery_misses`)
    /// and rewards on top of it (`health.rewards_over_cap`), and hashes state encoding 12.
    /// 16 adds the Daily Ocean's run counted in a career (`daily DATE CATCHES GRAMS
    /// MISSES SEA_LIFE finished|left`), and hashes state encoding 13.
    /// 17 packs the per-tick fingerprint: 4 bits a tick, the top of the state's
    /// word-wise hash (`GameState.wordHash`, one multiply a word where FNV-1a takes
    /// one a byte), three ticks in two base64url characters; the recorder's default
    /// checkpoint interval grows from 60 ticks to 600 (`defaultCheckpointEvery`), so
    /// ten minutes of play take about 60 KB instead of 110; the state encoding stays 13.
    /// This engine writes 17 and reads 2 to 17 (older files verify unchanged, their
    /// missing constants taken from `addedConstants`, and formats before 5 play
    /// without challenges; `replay update --upgrade` rewrites one as 17); a version 1
    /// file lacks constants this engine needs and is refused.
    public static let version = 17
    public static let readable = 2...17
    /// The first format whose per-tick fingerprint is packed (4 bits of the word-wise hash).
    public static let packedFingerprintsSince = 17
    /// The checkpoint interval a recording takes unless told otherwise (10 s).
    public static let defaultCheckpointEvery = 600
    /// The first format with the Daily Ocean's run counted in a career (`daily …`).
    public static let dailyCreditSince = 16
    /// The first format with the cards as data (`cards KEY…`, `answer KEY …`).
    public static let cardKeysSince = 13
    /// The first format with recorded states (`states-every`, `s TICK BASE64`).
    public static let statesSince = 12
    /// The first format with the quiz (`answer CARD right|wrong` instead of `study CARD`).
    public static let quizSince = 11
    /// The first format with seas (`sea KEY`).
    public static let seasSince = 10
    /// The first format with arcade mode (`start arcade`, the `mode` header line).
    public static let arcadeSince = 8
    /// The first format with a pointer (`@X`) for a move and the `abandon` command.
    public static let pointerSince = 7
    /// The first format with `challenge` lines.
    public static let challengesSince = 5

    /// The state encoding whose hashes a replay of `format` carries.
    public static func stateEncoding(format: Int) -> UInt64 {
        switch format {
        case 2: 2
        case 3: 3
        case 4: 4
        case 5: 5
        case 6: 6
        case 7: 7
        case 8: 8
        case 9: 9
        case 10: 10
        case 11, 12, 13, 14: 11
        case 15: 12
        case 16, 17: 13
        default: StateEncoding.version
        }
    }

    /// Balance constants added after a format, with the value that gives the rules
    /// that format's files were recorded under: a file older than `since` that does
    /// not name the key plays with `value`.
    public static let addedConstants: [(key: String, since: Int, value: Int)] = [
        ("health.daily_rise_cap", 4, 10_000),  // no daily limit: every event counted
        ("health.daily_fall_cap", 4, 10_000),
        ("rounds.countdown_ms", 6, 0),                 // the first item after first_spawn_delay_ms alone
        ("rounds.first_round_speed_percent", 6, 100),  // round 1 at the kinds' own speeds
        ("rounds.fair_spawn", 6, 0),                   // items dropped anywhere, reachable or not
        ("rounds.reach_slack_ms", 6, 0),
        ("rounds.reach_margin_px", 6, 0),
        ("health.daily_cap_on_sum", 7, 0),             // each event clamped as it came
        ("career.level_growth_percent", 7, 0),         // one level per grams_per_level
        ("career.max_grams_per_level", 7, 0),
        ("career.scans_per_day", 7, 0),                // every scan counted
        // Arcade mode came with format 8; older files hold only classic games, which
        // read none of these: values that pass the rules with any older balance.
        ("arcade.miss_budget", 8, 5),
        ("arcade.perfect_round_refund", 8, 1),
        ("arcade.round_cap", 8, 40),
        ("arcade.max_round_items", 8, 100_000),
        ("arcade.min_gap_ms", 8, 17),
        ("arcade.max_speed_percent", 8, 1_000),
        // Format 9: the classic tempo stays day 1's, no power-up does anything, sea
        // life costs nothing (older files hold none of them).
        ("tempo.levels_per_step", 9, 1),
        ("tempo.max_steps", 9, 0),
        ("tempo.speed_percent_per_step", 9, 0),
        ("tempo.gap_ms_per_step", 9, 0),
        ("power.net_ms", 9, 0),
        ("power.net_width_percent", 9, 100),
        ("power.tide_ms", 9, 0),
        ("power.tide_speed_percent", 9, 100),
        ("health.per_sea_life", 9, 0),
        // Format 10: the whole rise cap open all day, the same at every health.
        ("health.rise_open_percent", 10, 100),
        ("health.rise_opens_from_percent", 10, 0),
        ("health.rise_cap_drop_percent", 10, 0),
        // Format 11: older files study cards and never answer one, so the schedule's
        // waits are read by nothing; these pass the rules.
        ("career.first_review_days", 11, 1),
        ("career.review_growth_percent", 11, 100),
        // Format 14: arcade's rounds hold at their items' cap.
        ("arcade.late_items_per_round", 14, 0),
        ("health.mastery_rise", 15, 0),                // no mastery part: the cap from plastic alone
        ("health.mastery_misses", 15, 1),
        ("health.rewards_over_cap", 15, 0),             // rewards within the day's cap
    ]

    /// Per-kind constants added after a format (`kind.KEY.FIELD`), likewise: every
    /// kind a file older than `since` names plays with `value`.
    public static let addedKindConstants: [(field: String, since: Int, value: Int)] = [
        ("plastic", 7, 1),                             // every kind counted as plastic
        // Format 9: every kind caught by its centre, none bouncing, all of it trash.
        ("catch_body_percent", 9, 0),
        ("bounce_percent", 9, 0),
        ("sea_life", 9, 0),
        ("leap_speed_px_per_s", 9, 0),
        ("power_up", 9, 0),
        ("spawn_weight_per_step", 9, 0),
    ]

    /// Per-sea constants added after a format (`sea.KEY.FIELD`), likewise: every sea a
    /// file older than `since` names plays with `value`.
    public static let addedSeaConstants: [(field: String, since: Int, value: Int)] = [
        ("sea_life_percent", 11, 100),                 // every sea's mix of kinds the kinds' own
    ]

    /// The words that begin a line, and the commands of an input record.
    public enum Keyword {
        public static let comment = "comment", engine = "engine", seed = "seed", tickRate = "tick-rate"
        public static let checkpointEvery = "checkpoint-every", date = "date", time = "time"
        public static let recordedBy = "recorded-by", startState = "start-state", balance = "balance"
        public static let challenge = "challenge", mode = "mode", arcade = "arcade"
        public static let input = "i", checkpoint = "c", end = "end", checksum = "checksum"
        public static let start = "start", scan = "scan", session = "session", study = "study", adopt = "adopt"
        public static let abandon = "abandon", sea = "sea", answer = "answer", right = "right", wrong = "wrong"
        public static let assist = "assist", statesEvery = "states-every", state = "s", cards = "cards"
        public static let daily = "daily", finished = "finished", left = "left"
    }

    /// How a phase is written: its stable key; format 2 wrote the display name of
    /// its day, kept here as it was so those files read the same forever.
    public static func word(_ phase: Phase, format: Int = version) -> String {
        format == 2 ? phaseNamesOfFormat2[phase.rawValue] : phase.key
    }

    public static func phase(_ word: some StringProtocol, format: Int) -> Phase? {
        format == 2 ? phaseNamesOfFormat2.firstIndex(of: String(word)).flatMap(Phase.init(rawValue:)) : Phase(key: word)
    }

    /// The phase names format 2 wrote (frozen: never follow a display name).
    static let phaseNamesOfFormat2 = ["Polluted", "Stabilizing", "Recovering", "Flourishing", "Thriving"]

    /// The longest a starting state's base64 may be (many `start-state` lines).
    public static let maxStartStateBytes = 4 << 20
    /// How many characters of it one `start-state` line holds.
    public static let startStateLineChars = 1_024
    /// How many base64 characters of a recorded state one `s TICK PART` line holds.
    public static let stateLineChars = 3_072
    /// The longest one recorded state's base64 may be.
    public static let maxStateBytes = 4 << 20

    /// Hostile-input limits: anything beyond them is rejected before it is stored.
    public static let maxLineBytes = 4_096
    public static let maxFileBytes = 256 << 20
    /// How far a replay may be played: no input more than one checkpoint interval past
    /// the last checkpoint (or the start), and the end record on the last checkpoint;
    /// so the ticks played never exceed the per-tick fingerprint characters the file
    /// holds plus one interval (≤ 3600 ticks), and a small file cannot ask for hours.
    public static let playBudgetRule =
        "a replay is played no further than one checkpoint interval past its last checkpoint"

    /// The longest `comment` a header line holds (the line's limit, less the keyword).
    public static let maxCommentBytes = maxLineBytes - Keyword.comment.utf8.count - 2
    /// The longest `recorded-by` a header line holds (a long `--bot` list fills it).
    public static let maxRecordedByBytes = maxLineBytes - Keyword.recordedBy.utf8.count - 2

    /// About 19 days of continuous play.
    public static let maxTick = 100_000_000
    /// The largest pointer x a file may name (far beyond any playfield; the kernel
    /// clamps it to the bin's walls).
    public static let maxPointer = 1 << 40
    public static let maxCheckpointEvery = 3_600

    /// How a tick's steering is written: a held pointer as `@X`, else the move.
    public static func token(_ move: Move, pointer: Int?) -> String {
        if let pointer { return "@\(pointer)" }
        return token(move)
    }

    /// How a move is written.
    public static func token(_ move: Move) -> String {
        switch move {
        case .left: "L"
        case .right: "R"
        case .none: "."
        }
    }

    public static func move(_ token: Substring) -> Move? {
        switch token {
        case "L": .left
        case "R": .right
        case ".": Move.none
        default: nil
        }
    }

    /// How a command is written: nothing for `.none`.
    /// `cards`: the replay's card keys (an answer names its card by key, as format 13 does).
    public static func tokens(_ command: Command, kinds: [Balance.Kind], seas: [Balance.Sea] = [], cards: [String] = []) -> [String] {
        switch command {
        case .none: []
        // Classic's is the plain word every format since 2 has; any other mode names its key.
        case .start(let mode): mode == .classic ? [Keyword.start] : [Keyword.start, mode.key]
        case .scan(let kind): [Keyword.scan, kinds[kind.rawValue].key]
        case .beginSession(let date, let minute): [Keyword.session, "\(date)", clock(minute)]
        case .study(let card): [Keyword.study, "\(card)"]
        case .answer(let card, let right):
            [Keyword.answer, card >= 0 && card < cards.count ? cards[card] : "\(card)", right ? Keyword.right : Keyword.wrong]
        case .adopt(let form): [Keyword.adopt, form.key]
        case .abandon: [Keyword.abandon]
        case .chooseSea(let i): [Keyword.sea, i >= 0 && i < seas.count ? seas[i].key : "\(i)"]
        case .creditDaily(let run):
            [Keyword.daily, "\(run.date)", "\(run.catches)", "\(run.grams)", "\(run.misses)", "\(run.seaLifeHits)",
             run.finished ? Keyword.finished : Keyword.left]
        }
    }

    /// A minute of the day as HH:MM.
    public static func clock(_ minuteOfDay: Int) -> String {
        let h = minuteOfDay / 60, m = minuteOfDay % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// A date written YYYY-MM-DD, if it is a real calendar date.
    public static func date(_ w: Substring) -> CalendarDate? {
        guard let date = dateShape(w), date.isValid else { return nil }
        return date
    }

    /// The year, month and day of text written YYYY-MM-DD, whether or not they make a
    /// calendar date (2026-02-30 gives one that is not `isValid`): the one date parser.
    public static func dateShape(_ w: Substring) -> CalendarDate? {
        let p = w.split(separator: "-", omittingEmptySubsequences: false)
        guard p.count == 3, p[0].count == 4, p[1].count == 2, p[2].count == 2,
              p.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(p[0]), let m = Int(p[1]), let d = Int(p[2]) else { return nil }
        return CalendarDate(year: y, month: m, day: d)
    }

    /// A time of day written HH:MM, as a minute of the day.
    public static func minute(_ w: Substring) -> Int? {
        let p = w.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2, p[0].count == 2, p[1].count == 2,
              p.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(p[0]), let m = Int(p[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return h * 60 + m
    }

    /// base64url: 64 symbols for 6 bits of a tick's state hash.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The character that stands for a tick's state hash in a checkpoint: its top 6
    /// bits. (FNV-1a's low bits depend only on the low bits of each input byte; its
    /// high bits depend on all of them.)
    @inline(__always)
    public static func fingerprint(_ hash: UInt64) -> UInt8 { alphabet[Int(hash >> 58)] }

    /// A tick's fingerprint as a format writes it: from 17 the top 4 bits of the
    /// word-wise hash (a number 0 to 15), before it the character of `fingerprint`.
    @inline(__always)
    public static func tickFingerprint(_ state: GameState, format: Int, encoding: UInt64) -> UInt8 {
        format >= packedFingerprintsSince ? packedFingerprint(state.wordHash) : fingerprint(state.hash(version: encoding))
    }

    /// The 4 bits of a format-17 fingerprint: the word-wise hash's top ones.
    @inline(__always)
    public static func packedFingerprint(_ wordHash: UInt64) -> UInt8 { UInt8(wordHash >> 60) }

    /// How many characters hold `ticks` packed fingerprints (6 bits a character).
    public static func packedCharacters(ticks: Int) -> Int { (ticks * 4 + 5) / 6 }

    /// Packed fingerprints (each 0 to 15) as base64url characters: the bits in tick
    /// order, the first tick's highest; the last character's unused bits zero.
    public static func pack(_ fingerprints: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(packedCharacters(ticks: fingerprints.count))
        var bits: UInt32 = 0, held = 0
        for f in fingerprints {
            bits = bits << 4 | UInt32(f & 15)
            held += 4
            if held >= 6 {
                held -= 6
                out.append(alphabet[Int(bits >> UInt32(held)) & 63])
            }
        }
        if held > 0 { out.append(alphabet[Int(bits << UInt32(6 - held)) & 63]) }
        return out
    }

    /// The `ticks` fingerprints packed in `characters`; nil unless there are exactly
    /// as many characters as they take, each of the alphabet, the unused bits zero
    /// (one spelling per fingerprint, so a file cannot hide bytes in them).
    public static func unpack(_ characters: some BidirectionalCollection<UInt8>, ticks: Int) -> [UInt8]? {
        guard isPacked(characters, ticks: ticks) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(ticks)
        var bits: UInt32 = 0, held = 0
        for c in characters {
            bits = bits << 6 | UInt32(symbolValue[Int(c)])
            held += 6
            while held >= 4 && out.count < ticks {
                held -= 4
                out.append(UInt8((bits >> UInt32(held)) & 15))
            }
        }
        return out
    }

    /// Whether `characters` spell `ticks` packed fingerprints (what `unpack` asks,
    /// without building them: the reader asks it of every checkpoint).
    public static func isPacked(_ characters: some BidirectionalCollection<UInt8>, ticks: Int) -> Bool {
        guard characters.count == packedCharacters(ticks: ticks), let last = characters.last else { return ticks == 0 }
        // The table read once: a global's every read asks whether it is set up yet.
        let value = symbolValue
        for c in characters where value[Int(c)] >= 64 { return false }
        // The last character holds 4·ticks mod 6 bits of fingerprint (6 when that is 0).
        let used = (ticks * 4) % 6
        return used == 0 || value[Int(last)] & ((1 << (6 - used)) - 1) == 0
    }

    /// Each byte's value in the alphabet, 255 for a byte outside it.
    static let symbolValue: [UInt8] = {
        var t = [UInt8](repeating: 255, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    /// The short form of a subsystem hash kept in a checkpoint: its top 12 bits (3
    /// hex digits), enough to name what diverged.
    @inline(__always)
    public static func shortHash(_ hash: UInt64) -> UInt16 { UInt16(hash >> 52) }

    /// A-Z a-z 0-9 - _ (the alphabet), by range: it is asked of every byte of every
    /// checkpoint's fingerprint.
    @inline(__always)
    static func isFingerprint(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
