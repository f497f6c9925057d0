import OceanBalance
import OceanKernel
import OceanSystem

/// A replay that cannot be used as it is: `file:line: what is wrong`.
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, message: String) {
        (self.file, self.line, self.message) = (file, line, message)
    }

    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}

/// What reading a replay gives: the replay, and whether the file was complete.
public struct ReadReplay: Sendable {
    public var replay: Replay
    /// False when the file ends before its checksum line: the recorder was stopped
    /// (or the file cut) mid-run. Everything up to the last whole line is kept.
    public var complete: Bool
    /// The checkpoints the file holds, and the recorded states among them (all of them
    /// read and checked, though only the last is kept when read without checkpoints).
    public var checkpointCount = 0
    public var statesCount = 0
}

/// Reads replay files as hostile input. Lines are parsed as they arrive; a line over
/// `maxLineBytes`, a file over `maxFileBytes`, a number with too many digits or out
/// of its range is rejected before anything is stored for it, so no input can make
/// the reader allocate or loop without bound. Every problem is `file:line: message`.
public struct ReplayReader {
    public let file: String
    private(set) var lineNumber = 0
    private var checksum = FNV1a64()
    private var header = ReplayHeader()
    private var seen: [String] = []
    private var balanceEntries: [RawEntry] = []
    private var challengeEntries: [RawEntry] = []
    /// The `cards` line's keys (nil: no line, the twelve older files played).
    private var cardKeys: [String]?
    private var inHeader = true
    private var replay: Replay?
    private var sawChecksum = false
    private var startStateText: [UInt8] = []
    private var startStateLine = 0
    /// A recorded state being read (`s TICK PART` lines), waiting for its checkpoint.
    private var pendingStateText: [UInt8] = []
    private var pendingStateLine = 0, pendingStateTick = 0
    /// The header's rules, made once, for checking recorded states.
    private var stateRules: Rules?
    /// The last input's and checkpoint's ticks, for the checks on the next record
    /// (kept apart from the records, which a streaming reader hands on as it goes).
    private var lastInputTick: Int?
    private var lastCheckpointTick: Int?
    /// The header's figures every record's checks read, kept apart once the records
    /// begin: reading them through `replay!` copied the whole replay, header and all,
    /// for every record.
    private var startTick = 0, checkpointEvery = 1, formatVersion = 0
    private var sawEnd = false

    /// Whether checkpoints are kept once read (false: each is read and checked, then
    /// only the last is kept, for a command that plays the inputs and needs no hashes:
    /// `replay info`, `replay render`; a checkpoint every tick was most of a large
    /// replay's memory).
    public var keepsCheckpoints = true
    private var checkpointsRead = 0, statesRead = 0

    public init(file: String, keepsCheckpoints: Bool = true) {
        self.file = file
        self.keepsCheckpoints = keepsCheckpoints
    }

    /// The header, once the records have begun (nil while still in the header).
    public var headerRead: ReplayHeader? { inHeader ? nil : replay?.header }

    /// Hands over the records read since the last call, in file order within each kind
    /// (a streaming reader keeps none: `ReplayVerifier.verify(reading:)`). `inputs` and
    /// `checkpoints` are replaced; their buffers are reused.
    public mutating func takeRecords(inputs: inout [InputRecord], checkpoints: inout [Checkpoint]) {
        inputs.removeAll(keepingCapacity: true)
        checkpoints.removeAll(keepingCapacity: true)
        // In place (optional chaining): `replay != nil` and `replay!` here copied the
        // whole replay, header and all, for every line read.
        replay?.swapRecords(&inputs, &checkpoints)
    }

    /// The last tick the file has said anything about so far (`Replay.lastTick`, also
    /// for records already handed over).
    public var lastTick: Int {
        max(replay?.end?.tick ?? 0, lastCheckpointTick ?? 0, lastInputTick ?? 0, replay?.header.startTick ?? 0)
    }

    /// Whether the checksum line was read (the file is complete).
    public var isComplete: Bool { sawChecksum }

    // MARK: Whole inputs

    /// Reads a replay held in memory (the fuzzer's entry point).
    public static func read(bytes: [UInt8], file: String) throws(ReplayError) -> ReadReplay {
        guard bytes.count <= ReplayFormat.maxFileBytes else {
            throw ReplayError(file: file, line: nil, message: "larger than \(ReplayFormat.maxFileBytes) bytes; not a replay")
        }
        var reader = ReplayReader(file: file)
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 10 {
                try reader.feed(line: bytes[start..<i])
                start = i + 1
            } else if i - start >= ReplayFormat.maxLineBytes {
                throw reader.error(at: reader.lineNumber + 1, "line longer than \(ReplayFormat.maxLineBytes) bytes")
            }
            i += 1
        }
        // Bytes after the last newline are a line cut short: dropped, like a crash's tail.
        return try reader.finish()
    }

    /// Reads a replay file in chunks, never holding more than one line of it unparsed;
    /// `checkpoints` false keeps only the last checkpoint (`keepsCheckpoints`).
    public static func read(path: String, checkpoints: Bool = true) throws(ReplayError) -> ReadReplay {
        var reader = ReplayReader(file: path, keepsCheckpoints: checkpoints)
        try eachChunk(ofFile: path) { (chunk: UnsafeBufferPointer<UInt8>, lines: inout Lines) throws(ReplayError) in
            try lines.split(chunk) { (line: ArraySlice<UInt8>) throws(ReplayError) in try reader.feed(line: line) }
        } error: { reader.error(at: reader.lineNumber + 1, $0) }
        return try reader.finish()
    }

    /// Calls `body` with each chunk of a file (64 KiB reads), refusing one over
    /// `maxFileBytes`; `lineError` makes the error for a line over `maxLineBytes`.
    static func eachChunk(ofFile path: String,
                          _ body: (UnsafeBufferPointer<UInt8>, inout Lines) throws(ReplayError) -> Void,
                          error lineError: @escaping (String) -> ReplayError) throws(ReplayError) {
        let file: FileReader
        do { file = try FileReader(opening: path) } catch {
            throw ReplayError(file: PathName.shortened(path), line: nil, message: error.message)
        }
        try eachChunk(path: path, read: { file.read(into: &$0) }, body, error: lineError)
    }

    /// The same from any source of bytes: `read` fills its buffer from the start and
    /// says how many bytes it gave (0 at the end, negative on an error).
    static func eachChunk(path: String, read: (inout [UInt8]) -> Int,
                          _ body: (UnsafeBufferPointer<UInt8>, inout Lines) throws(ReplayError) -> Void,
                          error lineError: @escaping (String) -> ReplayError) throws(ReplayError) {
        var lines = Lines(error: lineError)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = read(&chunk)
            if n < 0 { throw ReplayError(file: path, line: nil, message: "read error") }
            if n == 0 { break }
            total += n
            if total > ReplayFormat.maxFileBytes {
                throw ReplayError(file: path, line: nil, message: "larger than \(ReplayFormat.maxFileBytes) bytes; not a replay")
            }
            try chunk.withUnsafeBufferPointer { (all: UnsafeBufferPointer<UInt8>) throws(ReplayError) in
                try body(UnsafeBufferPointer(rebasing: all[0..<min(n, all.count)]), &lines)
            }
        }
    }

    /// Cuts chunks of bytes into lines (without their newlines), holding at most one
    /// unfinished line, never longer than `maxLineBytes`. Bytes after the last newline
    /// are a line cut short: never handed on, like a crash's tail.
    struct Lines {
        private var pending: [UInt8] = []
        private let error: (String) -> ReplayError

        init(error: @escaping (String) -> ReplayError) {
            self.error = error
            pending.reserveCapacity(ReplayFormat.maxLineBytes + 1)
        }

        mutating func split(_ chunk: UnsafeBufferPointer<UInt8>,
                            _ line: (ArraySlice<UInt8>) throws(ReplayError) -> Void) throws(ReplayError) {
            var from = 0
            while from < chunk.count {
                var i = from
                while i < chunk.count && chunk[i] != 10 { i += 1 }
                guard pending.count + (i - from) <= ReplayFormat.maxLineBytes else {
                    throw error("line longer than \(ReplayFormat.maxLineBytes) bytes")
                }
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[from..<i]))
                guard i < chunk.count else { return }
                try line(pending[...])
                pending.removeAll(keepingCapacity: true)
                from = i + 1
            }
        }
    }

    // MARK: Lines

    func error(at line: Int, _ message: String) -> ReplayError {
        ReplayError(file: file, line: line, message: message)
    }

    /// Parses one line (without its newline).
    public mutating func feed(line bytes: ArraySlice<UInt8>) throws(ReplayError) {
        lineNumber += 1
        let n = lineNumber
        if sawChecksum { throw error(at: n, "content after the checksum line") }
        // Nearly every line is a plain input or checkpoint record: read from the bytes,
        // with no String and no split. Anything unusual goes the general way below,
        // which says what is wrong.
        if !inHeader, !sawEnd, pendingStateLine == 0, try fastRecord(bytes, n) {
            checksum.write(bytes: bytes)
            checksum.write(byte: 10)
            return
        }
        // Most of a header is `balance KEY NUMBER` lines, and `challenge …` lines: read from the bytes too.
        if inHeader, n > 1, try fastBalance(bytes, n) {
            checksum.write(bytes: bytes)
            checksum.write(byte: 10)
            return
        }
        if inHeader, n > 1, fastChallenge(bytes, n) {
            checksum.write(bytes: bytes)
            checksum.write(byte: 10)
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw error(at: n, "not UTF-8 text") }
        // Split on the space byte, not on Characters: the same words for UTF-8 (a space
        // is never part of another character), without grapheme breaking on every byte
        // of a header's few hundred lines (the server reads one per post).
        let words = text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { Substring($0) }
        guard let keyword = words.first else { throw error(at: n, "empty line") }

        if n == 1 {
            guard keyword == Substring(ReplayFormat.magic), words.count == 2 else {
                throw error(at: n, "not an Ocean Rescue replay (the first line should be '\(ReplayFormat.magic) \(ReplayFormat.version)')")
            }
            let version = try number(words[1], "format version", 0...1_000_000, n)
            guard ReplayFormat.readable.contains(version) else {
                throw error(at: n, "replay format version \(version) is not supported; this engine (\(Engine.version)) reads versions \(ReplayFormat.readable.lowerBound) to \(ReplayFormat.readable.upperBound)")
            }
            header.formatVersion = version
            checksum.write(bytes: bytes)
            checksum.write(byte: 10)
            return
        }

        typealias K = ReplayFormat.Keyword
        if keyword == K.checksum {
            try finishHeader(at: n)
            guard words.count == 2, let stated = UInt64(words[1], radix: 16), words[1].count == 16 else {
                throw error(at: n, "a checksum line is 'checksum' and 16 hex digits")
            }
            guard replay?.end != nil else { throw error(at: n, "checksum before the end record") }
            guard pendingStateLine == 0 else { throw unclaimedState() }
            guard stated == checksum.value else {
                throw error(at: n, "checksum mismatch: the file was edited or corrupted after it was recorded "
                    + "(it says \(hex(stated, digits: 16)), the content gives \(hex(checksum.value, digits: 16)))")
            }
            sawChecksum = true
            return
        }
        checksum.write(bytes: bytes)
        checksum.write(byte: 10)

        switch keyword {
        case K.input, K.checkpoint, K.end, K.state:
            try finishHeader(at: n)
            guard replay!.end == nil else { throw error(at: n, "a record after the end record") }
            if pendingStateLine > 0 && keyword != K.state && keyword != K.checkpoint {
                throw error(at: n, "the recorded state of tick \(pendingStateTick) (line \(pendingStateLine)) must be followed by its checkpoint, not '\(keyword)'")
            }
            switch keyword {
            case K.input: try inputRecord(words, n)
            case K.checkpoint: try checkpointRecord(words, n)
            case K.state: try stateRecord(words, n)
            default: try endRecord(words, n)
            }
        default:
            guard inHeader else { throw error(at: n, "'\(keyword.prefix(40))' is not a record (i, c, s, end, checksum); header lines belong before the first record") }
            try headerLine(keyword, words, text, n)
        }
    }

    // MARK: Header

    private mutating func headerLine(_ key: Substring, _ words: [Substring], _ text: String, _ n: Int) throws(ReplayError) {
        typealias K = ReplayFormat.Keyword
        let keyString = String(key)
        if key != K.balance && key != K.startState && key != K.challenge {
            guard !seen.contains(keyString) else { throw error(at: n, "'\(key)' is given twice") }
            seen.append(keyString)
        }
        func single() throws(ReplayError) -> Substring {
            guard words.count == 2 else { throw error(at: n, "'\(key)' takes exactly one value") }
            return words[1]
        }
        switch key {
        case K.comment:
            header.comment = String(text.dropFirst(K.comment.count + 1))
        case K.engine:
            header.engine = String(try single().prefix(64))
        case K.recordedBy:
            header.recordedBy = String(text.dropFirst(K.recordedBy.count + 1))
        case K.mode:
            guard header.formatVersion >= ReplayFormat.arcadeSince else {
                throw error(at: n, "'\(K.mode)' is not part of format \(header.formatVersion)")
            }
            let word = try single()
            guard let mode = PlayMode(key: String(word)) else {
                throw error(at: n, "mode '\(word.prefix(20))' is not one of: \(PlayMode.allCases.map(\.key).joined(separator: ", "))")
            }
            header.mode = mode
        case K.assist:
            guard header.formatVersion >= ReplayFormat.quizSince else {
                throw error(at: n, "'\(K.assist)' is not part of format \(header.formatVersion)")
            }
            guard words.count == 3 else { throw error(at: n, "an assist line is 'assist SPEED BIN' (percentages)") }
            let speed = try number(words[1], "assist speed", Assist.speeds, n)
            let bin = try number(words[2], "assist bin", Assist.bins, n)
            header.assist = Assist(speedPercent: speed, binPercent: bin)
        case K.startState:
            guard header.formatVersion >= 3 else { throw error(at: n, "'\(K.startState)' is not part of format \(header.formatVersion)") }
            let part = try single()
            guard startStateText.count + part.utf8.count <= ReplayFormat.maxStartStateBytes else {
                throw error(at: n, "the starting state is longer than \(ReplayFormat.maxStartStateBytes) characters")
            }
            if startStateLine == 0 { startStateLine = n }
            startStateText.append(contentsOf: part.utf8)
        case K.statesEvery:
            guard header.formatVersion >= ReplayFormat.statesSince else {
                throw error(at: n, "'\(K.statesEvery)' is not part of format \(header.formatVersion) (recorded states begin with format \(ReplayFormat.statesSince))")
            }
            header.statesEvery = try number(try single(), "states-every", 1...ReplayFormat.maxTick, n)
        case K.seed:
            let w = try single()
            guard w.count <= 20, w.allSatisfy({ $0.isASCII && $0.isNumber }), let seed = UInt64(w) else {
                throw error(at: n, "seed must be a whole number from 0 to 18446744073709551615")
            }
            header.seed = seed
        case K.tickRate:
            let rate = try number(try single(), "tick-rate", 1...1_000_000, n)
            guard rate == Fixed.ticksPerSecond else {
                throw error(at: n, "tick-rate \(rate) is not supported; this engine runs at \(Fixed.ticksPerSecond) ticks per second")
            }
            header.tickRate = rate
        case K.checkpointEvery:
            header.checkpointEvery = try number(try single(), "checkpoint-every", 1...ReplayFormat.maxCheckpointEvery, n)
        case K.date:
            guard let date = ReplayFormat.date(try single()) else {
                throw error(at: n, "date must be a calendar date written YYYY-MM-DD")
            }
            header.date = date
        case K.time:
            guard let minute = ReplayFormat.minute(try single()) else {
                throw error(at: n, "time must be the time of day written HH:MM (00:00 to 23:59)")
            }
            header.minuteOfDay = minute
        case K.balance:
            guard words.count == 3 else { throw error(at: n, "a balance line is 'balance KEY VALUE'") }
            let v = words[2]
            let value: RawEntry.Value
            if v.utf8.count <= 19, !v.isEmpty, v.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) }), let i = Int(v) {
                value = .whole(i)
            } else {
                value = .other("'\(v.prefix(40))'")
            }
            let key = words[1]
            try keepBalance(RawEntry(key: String(key.utf8.count <= 100 ? key : key.prefix(100)), value: value, line: n), n)
        case K.cards:
            guard header.formatVersion >= ReplayFormat.cardKeysSince else {
                throw error(at: n, "'\(K.cards)' is not part of format \(header.formatVersion) (the cards' keys begin with format \(ReplayFormat.cardKeysSince))")
            }
            let keys = words.dropFirst().map(String.init)
            guard keys.count <= Rules.maxCards else { throw error(at: n, "more than \(Rules.maxCards) cards") }
            for (i, key) in keys.enumerated() {
                guard KindSections.isValidKey(key) else {
                    throw error(at: n, "card '\(key.prefix(40))': a card's key is 1 to 32 lowercase letters, digits or '_', starting with a letter")
                }
                guard !keys[..<i].contains(key) else { throw error(at: n, "card '\(key)' is named twice") }
            }
            cardKeys = keys
        case K.challenge:
            guard header.formatVersion >= ReplayFormat.challengesSince else {
                throw error(at: n, "challenge lines begin with format \(ReplayFormat.challengesSince); this file says \(header.formatVersion)")
            }
            guard words.count >= 3, words.count <= 3 + ChallengeSchema.fields.count else {
                throw error(at: n, "a challenge line is 'challenge PERIOD.NAME counts=WHAT FIELD=VALUE…'")
            }
            guard challengeEntries.count < Challenge.maxTemplates * 8 else { throw error(at: n, "too many challenge lines") }
            let name = words[1].prefix(60)
            for pair in words.dropFirst(2) {
                guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                    throw error(at: n, "'\(pair.prefix(40))' is not FIELD=VALUE")
                }
                let v = pair[pair.index(after: eq)...]
                let value: RawEntry.Value = Self.challengeWhole(v.utf8).map { .whole($0) } ?? .text(String(v.prefix(40)))
                challengeEntries.append(RawEntry(key: "\(name).\(pair[..<eq].prefix(40))", value: value, line: n))
            }
        default:
            throw error(at: n, "unknown header line '\(key.prefix(40))'")
        }
    }

    /// Validates the header's balance and challenge table into `header.balance`, or
    /// throws every problem, one per line, up to DataError's shown limit.
    private mutating func validateBalance(at n: Int) throws(ReplayError) {
        do {
            header.balance = try BalanceSchema.validate(balanceEntries, file: file)
        } catch {
            let first = error.issues[0]
            func text(_ i: DataIssue) -> String { "balance \(i.key ?? ""): \(i.message)" }
            var lines = [text(first)] + error.issues.dropFirst().prefix(DataError.shownLimit - 1).map {
                "\(file):\($0.line ?? n): " + text($0)
            }
            if error.issues.count > DataError.shownLimit {
                lines.append("(\(error.issues.count - DataError.shownLimit) more problems not shown)")
            }
            throw ReplayError(file: file, line: first.line ?? n, message: lines.joined(separator: "\n"))
        }
        do {
            header.balance.challenges = try ChallengeSchema.validate(challengeEntries, file: file, needText: false).templates
        } catch {
            let first = error.issues[0]
            var lines = ["challenge \(first.key ?? ""): \(first.message)"] + error.issues.dropFirst().prefix(DataError.shownLimit - 1).map {
                "\(file):\($0.line ?? n): challenge \($0.key ?? ""): \($0.message)"
            }
            if error.issues.count > DataError.shownLimit {
                lines.append("(\(error.issues.count - DataError.shownLimit) more problems not shown)")
            }
            throw ReplayError(file: file, line: first.line ?? n, message: lines.joined(separator: "\n"))
        }
    }

    private mutating func finishHeader(at n: Int) throws(ReplayError) {
        guard inHeader else { return }
        inHeader = false
        typealias K = ReplayFormat.Keyword
        for required in [K.engine, K.seed, K.tickRate, K.checkpointEvery, K.date, K.time] where !seen.contains(required) {
            throw error(at: n, "the header has no '\(required)' line (it must come before the first record)")
        }
        if let every = header.statesEvery, every % header.checkpointEvery != 0 {
            throw error(at: n, "states-every \(every) is not a multiple of checkpoint-every \(header.checkpointEvery): a state is recorded beside a checkpoint")
        }
        for added in ReplayFormat.addedConstants
        where header.formatVersion < added.since && !balanceEntries.contains(where: { $0.key == added.key }) {
            balanceEntries.append(RawEntry(key: added.key, value: .whole(added.value), line: n))
        }
        for added in ReplayFormat.addedKindConstants where header.formatVersion < added.since {
            var kinds: [String] = []
            for entry in balanceEntries where entry.key.hasPrefix("kind.") {
                let rest = entry.key.dropFirst(5)
                if let dot = rest.firstIndex(of: "."), !kinds.contains(String(rest[..<dot])) { kinds.append(String(rest[..<dot])) }
            }
            for kind in kinds where !balanceEntries.contains(where: { $0.key == "kind.\(kind).\(added.field)" }) {
                balanceEntries.append(RawEntry(key: "kind.\(kind).\(added.field)", value: .whole(added.value), line: n))
            }
        }
        for added in ReplayFormat.addedSeaConstants where header.formatVersion < added.since {
            var seas: [String] = []
            for entry in balanceEntries where entry.key.hasPrefix("sea.") {
                let rest = entry.key.dropFirst(4)
                if let dot = rest.firstIndex(of: "."), !seas.contains(String(rest[..<dot])) { seas.append(String(rest[..<dot])) }
            }
            for sea in seas where !balanceEntries.contains(where: { $0.key == "sea.\(sea).\(added.field)" }) {
                balanceEntries.append(RawEntry(key: "sea.\(sea).\(added.field)", value: .whole(added.value), line: n))
            }
        }
        if let known = HeaderBalances.validated(balance: balanceEntries, challenges: challengeEntries) {
            header.balance = known
        } else {
            try validateBalance(at: n)
            HeaderBalances.keep(header.balance, balance: balanceEntries, challenges: challengeEntries)
        }
        header.balance.cardKeys = cardKeys ?? Flashcards.firstTwelveKeys
        if startStateLine > 0 {
            guard let bytes = Base64.decode(String(decoding: startStateText, as: UTF8.self)) else {
                throw error(at: startStateLine, "the starting state is not base64")
            }
            var state: GameState
            do {
                state = try StateEncoding.decode(bytes)
                StateEncoding.fitKinds(&state, count: header.balance.kinds.count)
            } catch {
                throw self.error(at: startStateLine, "the starting state does not decode (\(error))")
            }
            // Checked like a loaded profile: the tick never sees a field out of range.
            do {
                try state.checkValid(rules: Rules(header.balance))
            } catch {
                throw self.error(at: startStateLine, "the starting state: \(error.description)")
            }
            header.startState = state
        }
        replay = Replay(header: header)
        (startTick, checkpointEvery, formatVersion) = (header.startTick, header.checkpointEvery, header.formatVersion)
    }

    // MARK: Records

    private func number(_ w: Substring, _ what: String, _ range: ClosedRange<Int>, _ n: Int) throws(ReplayError) -> Int {
        let digits = w.first == "-" ? w.dropFirst() : w
        let shown = w.count > 24 ? "'\(w.prefix(12))…(\(w.count) characters)'" : String(w)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw error(at: n, "\(what) '\(w.prefix(24))' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        // Longer than any value in range: refused before it is converted.
        guard digits.count <= 18, let v = Int(w), range.contains(v) else {
            throw error(at: n, "\(what) \(shown) is out of range (\(range.lowerBound) to \(range.upperBound))")
        }
        return v
    }

    private func named(_ w: Substring, _ name: String, _ range: ClosedRange<Int>, _ n: Int) throws(ReplayError) -> Int {
        guard w.hasPrefix(name + "=") else { throw error(at: n, "expected '\(name)=', found '\(w.prefix(40))'") }
        return try number(w.dropFirst(name.count + 1), name, range, n)
    }

    private func hash(_ w: Substring, digits: Int, _ n: Int) throws(ReplayError) -> UInt64 {
        guard w.count == digits, w.allSatisfy(\.isHexDigit), let v = UInt64(w, radix: 16) else {
            throw error(at: n, "expected a hash of \(digits) hex digits, found '\(w.prefix(40))'")
        }
        return v
    }

    private mutating func inputRecord(_ words: [Substring], _ n: Int) throws(ReplayError) {
        typealias K = ReplayFormat.Keyword
        guard words.count >= 3 else { throw error(at: n, "an input record is 'i TICK MOVE [COMMAND]'") }
        let tick = try number(words[1], "tick", 0...ReplayFormat.maxTick, n)
        try checkInputTick(tick, n)
        var move = Move.none
        var pointer: Int? = nil
        if words[2].first == "@", formatVersion >= ReplayFormat.pointerSince {
            pointer = try number(words[2].dropFirst(), "pointer x", 0...ReplayFormat.maxPointer, n)
        } else if let m = ReplayFormat.move(words[2]) {
            move = m
        } else {
            throw error(at: n, formatVersion >= ReplayFormat.pointerSince
                ? "move '\(words[2].prefix(20))' is not L, R, . or @X (a pointer at playfield x X, 0 to \(ReplayFormat.maxPointer))"
                : "move '\(words[2].prefix(20))' is not L, R or .")
        }
        let command: Command
        switch words.count {
        case 3: command = .none
        case 4 where words[3] == K.start: command = .start(.classic)
        case 5 where words[3] == K.start && formatVersion >= ReplayFormat.arcadeSince:
            guard let mode = PlayMode(key: words[4]), mode != .classic else {
                throw error(at: n, "unknown mode '\(words[4].prefix(40))' after start; the modes: "
                    + PlayMode.keys.filter { $0 != PlayMode.classic.key }.joined(separator: ", ")
                    + " (a classic game's start is the word alone)")
            }
            command = .start(mode)
        case 4 where words[3] == K.abandon && formatVersion >= ReplayFormat.pointerSince: command = .abandon
        case 5 where words[3] == K.scan:
            let kinds = replay!.header.balance.kinds
            guard let k = kinds.firstIndex(where: { $0.key == words[4] }) else {
                throw error(at: n, "unknown item kind '\(words[4].prefix(40))'; this replay's kinds: "
                    + kinds.map(\.key).joined(separator: ", "))
            }
            command = .scan(ItemKind(rawValue: k))
        case 6 where words[3] == K.session:
            guard let date = ReplayFormat.date(words[4]) else {
                throw error(at: n, "session date '\(words[4].prefix(20))' is not a calendar date written YYYY-MM-DD")
            }
            guard let minute = ReplayFormat.minute(words[5]) else {
                throw error(at: n, "session time '\(words[5].prefix(20))' is not a time of day written HH:MM")
            }
            command = .beginSession(date, minuteOfDay: minute)
        case 5 where words[3] == K.sea && formatVersion >= ReplayFormat.seasSince:
            let seas = replay!.header.balance.seas
            guard let i = seas.firstIndex(where: { $0.key == words[4] }) else {
                throw error(at: n, "unknown sea '\(words[4].prefix(40))'; this replay's seas: "
                    + (seas.isEmpty ? "none" : seas.map(\.key).joined(separator: ", ")))
            }
            command = .chooseSea(i)
        case 5 where words[3] == K.study:
            guard formatVersion < ReplayFormat.quizSince else {
                throw error(at: n, "'study' is not a command of format \(formatVersion): since format \(ReplayFormat.quizSince) a card is studied by answering it (answer CARD right|wrong)")
            }
            command = .study(card: try number(words[4], "card", 0...(Flashcards.firstTwelveKeys.count - 1), n))
        case 6 where words[3] == K.answer && formatVersion >= ReplayFormat.quizSince:
            let cards = replay!.header.balance.cardKeys
            let card: Int
            if formatVersion >= ReplayFormat.cardKeysSince {
                guard let i = cards.firstIndex(where: { $0[...] == words[4] }) else {
                    throw error(at: n, "unknown card '\(words[4].prefix(40))'; this replay's cards: "
                        + (cards.isEmpty ? "none" : cards.joined(separator: ", ")))
                }
                card = i
            } else {
                card = try number(words[4], "card", 0...(cards.count - 1), n)
            }
            guard words[5] == K.right || words[5] == K.wrong else {
                throw error(at: n, "answer '\(words[5].prefix(20))' is neither 'right' nor 'wrong'")
            }
            command = .answer(card: card, right: words[5] == K.right)
        case 10 where words[3] == K.daily && formatVersion >= ReplayFormat.dailyCreditSince:
            guard let date = ReplayFormat.date(words[4]) else {
                throw error(at: n, "daily run's date '\(words[4].prefix(20))' is not a calendar date written YYYY-MM-DD")
            }
            let most = 1_000_000
            let catches = try number(words[5], "daily run's catches", 0...most, n)
            let grams = try number(words[6], "daily run's grams", 0...Int(Int32.max), n)
            let misses = try number(words[7], "daily run's misses", 0...most, n)
            let seaLife = try number(words[8], "daily run's sea life caught", 0...most, n)
            guard words[9] == K.finished || words[9] == K.left else {
                throw error(at: n, "daily run's end '\(words[9].prefix(20))' is neither 'finished' nor 'left'")
            }
            command = .creditDaily(DailyCredit(date: date, catches: catches, grams: grams, misses: misses,
                                            seaLifeHits: seaLife, finished: words[9] == K.finished))
        case 5 where words[3] == K.adopt:
            // Format 2 wrote the same words, then derived from the display names.
            guard let form = PetForm(key: words[4].prefix(20)) else {
                throw error(at: n, "unknown pet '\(words[4].prefix(20))'; known: \(PetForm.keys.joined(separator: ", "))")
            }
            command = .adopt(form)
        default:
            throw error(at: n, "unknown command '\(words[3...].joined(separator: " ").prefix(40))'; known: start, scan KIND, session YYYY-MM-DD HH:MM, "
                + (formatVersion >= ReplayFormat.cardKeysSince ? "answer CARD right|wrong (CARD: a key of the cards line)"
                    : formatVersion >= ReplayFormat.quizSince ? "answer CARD right|wrong" : "study CARD") + ", adopt PET"
                + (formatVersion >= ReplayFormat.pointerSince ? ", abandon" : "")
                + (formatVersion >= ReplayFormat.seasSince ? ", sea SEA" : "")
                + (formatVersion >= ReplayFormat.dailyCreditSince ? ", daily YYYY-MM-DD CATCHES GRAMS MISSES SEA_LIFE finished|left" : ""))
        }
        replay?.inputs.append(InputRecord(tick: tick, input: TickInput(move: move, pointer: pointer, command: command), line: n))
        lastInputTick = tick
    }

    /// The checks on an input record's tick, in the order they are made.
    /// Inlined: called as a method, the whole reader (3.7 KB) was copied to lend it as
    /// `self` for every record read.
    @inline(__always)
    private func checkInputTick(_ tick: Int, _ n: Int) throws(ReplayError) {
        let start = startTick
        guard tick >= start else { throw error(at: n, "input tick \(tick) is before the starting state's tick \(start)") }
        if let last = lastInputTick, tick <= last {
            throw error(at: n, "input tick \(tick) is not after the previous input's tick \(last)")
        }
        // The play budget (ReplayFormat.playBudgetRule): every tick a replay asks to be
        // played is vouched for by a fingerprint character, give or take one interval.
        let vouched = lastCheckpointTick ?? start
        guard tick < vouched + checkpointEvery else {
            throw error(at: n, "input tick \(tick) is \(tick - vouched) ticks past the last checkpoint (tick \(vouched)); "
                + ReplayFormat.playBudgetRule)
        }
        if let c = lastCheckpointTick, tick < c {
            throw error(at: n, "input tick \(tick) comes after checkpoint \(c) in the file")
        }
    }

    private mutating func checkpointRecord(_ words: [Substring], _ n: Int) throws(ReplayError) {
        let subsystemCount = Subsystem.allCases.count
        guard words.count == 3 + subsystemCount + 5 else {
            throw error(at: n, "a checkpoint is 'c TICK HASH \(Array(repeating: "SUB", count: subsystemCount).joined(separator: " ")) SCORE COMBO HEALTH ITEMS TICKS'")
        }
        let tick = try number(words[1], "tick", 1...ReplayFormat.maxTick, n)
        let previous = try checkCheckpointTick(tick, n)
        let full = try hash(words[2], digits: 16, n)
        var subs: [UInt16] = []
        for i in 0..<subsystemCount { subs.append(UInt16(try hash(words[3 + i], digits: 3, n))) }
        let k = 3 + subsystemCount
        let fields = ReadableFields(
            score: try number(words[k], "score", 0...Int(Int64.max / 2), n),
            combo: try number(words[k + 1], "combo", 0...ReplayFormat.maxTick, n),
            health: try number(words[k + 2], "health", 0...Rules.fullHealth, n),
            items: try number(words[k + 3], "items", 0...100_000, n))
        let ticks = Array(words[k + 4].utf8)
        guard fingerprintsFit(ticks, tick - previous) else { throw fingerprintError(tick, previous, n) }
        var checkpoint = Checkpoint(tick: tick, hash: full, subsystems: subs, fields: fields, ticks: ticks, line: n)
        if pendingStateLine > 0 { checkpoint.state = try recordedState(checkpointTick: tick, n) }
        keep(checkpoint)
        lastCheckpointTick = tick
    }

    /// One line of a recorded state (`s TICK PART`): its parts are gathered until the
    /// checkpoint of the same tick, which must come next.
    private mutating func stateRecord(_ words: [Substring], _ n: Int) throws(ReplayError) {
        typealias K = ReplayFormat.Keyword
        guard formatVersion >= ReplayFormat.statesSince else {
            throw error(at: n, "'\(K.state)' (a recorded state) is not part of format \(formatVersion); recorded states begin with format \(ReplayFormat.statesSince)")
        }
        guard let every = replay!.header.statesEvery else {
            throw error(at: n, "a recorded state ('\(K.state) TICK BASE64') needs a '\(K.statesEvery) N' header line")
        }
        guard words.count == 3 else { throw error(at: n, "a recorded state is '\(K.state) TICK BASE64' (in parts, one tick's lines together)") }
        let tick = try number(words[1], "tick", 1...ReplayFormat.maxTick, n)
        if pendingStateLine > 0 {
            guard tick == pendingStateTick else {
                throw error(at: n, "a recorded state of tick \(tick) begins before the checkpoint of the one of tick \(pendingStateTick) (line \(pendingStateLine))")
            }
        } else {
            let previous = lastCheckpointTick ?? startTick
            guard tick > previous else { throw error(at: n, "recorded state tick \(tick) is not after the previous checkpoint's \(previous)") }
            guard tick % every == 0 || tick % checkpointEvery != 0 else {
                throw error(at: n, "recorded state tick \(tick) is not a multiple of states-every \(every) (nor the closing checkpoint's)")
            }
            (pendingStateLine, pendingStateTick) = (n, tick)
        }
        guard pendingStateText.count + words[2].utf8.count <= ReplayFormat.maxStateBytes else {
            throw error(at: n, "the recorded state of tick \(tick) is longer than \(ReplayFormat.maxStateBytes) characters")
        }
        pendingStateText.append(contentsOf: words[2].utf8)
    }

    /// The state gathered for the checkpoint at `checkpointTick`, decoded and checked
    /// like a loaded profile.
    private mutating func recordedState(checkpointTick: Int, _ n: Int) throws(ReplayError) -> GameState {
        let (line, tick) = (pendingStateLine, pendingStateTick)
        guard tick == checkpointTick else {
            throw error(at: n, "the recorded state of tick \(tick) (line \(line)) is followed by the checkpoint of tick \(checkpointTick); a state goes right before its own tick's checkpoint")
        }
        defer {
            pendingStateText.removeAll(keepingCapacity: true)
            (pendingStateLine, pendingStateTick) = (0, 0)
        }
        guard let bytes = Base64.decode(String(decoding: pendingStateText, as: UTF8.self)) else {
            throw error(at: line, "the recorded state of tick \(tick) is not base64")
        }
        var state: GameState
        do {
            state = try StateEncoding.decode(bytes)
        } catch {
            throw self.error(at: line, "the recorded state of tick \(tick) does not decode (\(error))")
        }
        let rules = stateRules ?? Rules(replay!.header.balance)
        stateRules = rules
        StateEncoding.fitKinds(&state, count: rules.balance.kinds.count)
        do { try state.checkValid(rules: rules) } catch {
            throw self.error(at: line, "the recorded state of tick \(tick): \(error.description)")
        }
        guard state.tick == tick else {
            throw self.error(at: line, "the recorded state of tick \(tick) holds tick \(state.tick)")
        }
        return state
    }

    private func unclaimedState() -> ReplayError {
        error(at: pendingStateLine, "the recorded state of tick \(pendingStateTick) has no checkpoint after it")
    }

    /// Whether `marks` are the fingerprints of `ticks` ticks in this file's format: a
    /// character each, or from format 17 packed (4 bits each, the unused bits zero).
    @inline(__always)
    private func fingerprintsFit(_ marks: some BidirectionalCollection<UInt8>, _ ticks: Int) -> Bool {
        if formatVersion >= ReplayFormat.packedFingerprintsSince { return ReplayFormat.isPacked(marks, ticks: ticks) }
        return marks.count == ticks && marks.allSatisfy(ReplayFormat.isFingerprint)
    }

    private func fingerprintError(_ tick: Int, _ previous: Int, _ n: Int) -> ReplayError {
        if formatVersion >= ReplayFormat.packedFingerprintsSince {
            return error(at: n, "the per-tick fingerprint must be \(ReplayFormat.packedCharacters(ticks: tick - previous)) characters of A-Z a-z 0-9 - _ "
                + "(4 bits for each of the \(tick - previous) ticks since tick \(previous), the last character's unused bits zero)")
        }
        return error(at: n, "the per-tick fingerprint must be \(tick - previous) characters of A-Z a-z 0-9 - _ (one per tick since tick \(previous))")
    }

    /// The checks on a checkpoint's tick, in the order they are made; the tick of the
    /// checkpoint (or start) before it.
    /// Inlined, as `checkInputTick`.
    @inline(__always)
    private func checkCheckpointTick(_ tick: Int, _ n: Int) throws(ReplayError) -> Int {
        let every = checkpointEvery
        let previous = lastCheckpointTick ?? startTick
        guard tick > previous else { throw error(at: n, "checkpoint tick \(tick) is not after the previous checkpoint's \(previous)") }
        guard tick - previous <= every else {
            throw error(at: n, "checkpoint tick \(tick) skips a checkpoint (one every \(every) ticks; the previous was \(previous))")
        }
        // Only the last checkpoint may be off the multiples, so any earlier one off them
        // is the last (the check after this one), and only it need be looked at.
        if tick % every != 0, let c = lastCheckpointTick, c % every != 0 {
            throw error(at: n, "only the last checkpoint may fall between multiples of \(every)")
        }
        if let c = lastCheckpointTick, c % every != 0 {
            throw error(at: n, "a checkpoint after the closing checkpoint at tick \(c)")
        }
        return previous
    }

    private mutating func endRecord(_ words: [Substring], _ n: Int) throws(ReplayError) {
        guard pendingStateLine == 0 else { throw unclaimedState() }
        guard words.count == 12 else {
            throw error(at: n, "an end record is 'end TICK HASH games= catches= misses= perfect= best-combo= score= grams= health= phase='")
        }
        let tick = try number(words[1], "tick", 0...ReplayFormat.maxTick, n)
        if let last = lastInputTick, last >= tick {
            throw error(at: n, "end tick \(tick) is not after the last input's tick \(last)")
        }
        guard (lastCheckpointTick ?? 0) == tick else {
            throw error(at: n, "the end record at tick \(tick) must follow a checkpoint at the same tick")
        }
        let count = 0...ReplayFormat.maxTick
        let big = 0...Int(Int64.max / 2)
        let phaseWord = words[11]
        let format = formatVersion
        guard phaseWord.hasPrefix("phase="), let phase = ReplayFormat.phase(phaseWord.dropFirst(6), format: format) else {
            let known = Phase.allCases.map { ReplayFormat.word($0, format: format) }
            throw error(at: n, "expected 'phase=' and one of \(known.joined(separator: ", "))")
        }
        let summary = ReplaySummary(
            games: try named(words[3], "games", count, n), catches: try named(words[4], "catches", count, n),
            misses: try named(words[5], "misses", count, n), perfectGames: try named(words[6], "perfect", count, n),
            bestCombo: try named(words[7], "best-combo", count, n), score: try named(words[8], "score", big, n),
            grams: try named(words[9], "grams", big, n), health: try named(words[10], "health", 0...Rules.fullHealth, n),
            phase: phase)
        replay!.end = EndRecord(tick: tick, hash: try hash(words[2], digits: 16, n), summary: summary, line: n)
        sawEnd = true
    }

    // MARK: Records from bytes

    /// A plain input record (`i TICK MOVE`, `i TICK MOVE start`) or checkpoint, read
    /// straight from its bytes and added, with the same checks in the same order as
    /// the general way; false, having changed nothing, for any other line or any
    /// token that is not exactly well formed (the general way then reads it, and names
    /// what is wrong).
    private mutating func fastRecord(_ line: ArraySlice<UInt8>, _ n: Int) throws(ReplayError) -> Bool {
        guard line.count >= 4, line[line.startIndex + 1] == 32 else { return false }
        let first = line[line.startIndex]
        guard first == UInt8(ascii: "i") || first == UInt8(ascii: "c") else { return false }
        return try line.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(ReplayError) -> Bool in
            // Token boundaries: up to 14 tokens after the keyword, none empty, each as its
            // start and end in a buffer on the stack (tuples read back through a closure
            // were copied whole for every token).
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: 28) {
                (bounds: UnsafeMutableBufferPointer<Int>) throws(ReplayError) -> Bool in
                var count = 0
                var i = 2, from = 2
                while i <= b.count {
                    if i == b.count || b[i] == 32 {
                        guard i > from, count < 14 else { return false }
                        bounds[2 * count] = from
                        bounds[2 * count + 1] = i
                        count += 1
                        from = i + 1
                    }
                    i += 1
                }
                func token(_ t: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: b[bounds[2 * t]..<bounds[2 * t + 1]])
                }
                if first == UInt8(ascii: "i") {
                    return try fastInput(count, token, n)
                }
                return try fastCheckpoint(count, token, n)
            }
        }
    }

    /// A whole number of 1 to 18 digits within `range`, or nil.
    private static func digits(_ t: UnsafeBufferPointer<UInt8>, _ range: ClosedRange<Int>) -> Int? {
        guard (1...18).contains(t.count) else { return nil }
        var v = 0
        for c in t {
            let d = Int(c) &- 48
            guard d >= 0 && d <= 9 else { return nil }
            v = v * 10 + d
        }
        return range.contains(v) ? v : nil
    }

    /// Exactly `count` hex digits (either case), or nil.
    private static func hexDigits(_ t: UnsafeBufferPointer<UInt8>, _ count: Int) -> UInt64? {
        guard t.count == count else { return nil }
        var v: UInt64 = 0
        for c in t {
            let d: UInt64
            switch c {
            case 48...57: d = UInt64(c - 48)
            case 97...102: d = UInt64(c - 87)
            case 65...70: d = UInt64(c - 55)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }

    /// A `balance KEY NUMBER` line whose key is printable ASCII of at most 100 bytes
    /// and whose value is a whole number of at most 19 characters, as the general way
    /// reads it; false for any other line (the general way then reads it, or says
    /// what is wrong with it).
    private mutating func fastBalance(_ bytes: ArraySlice<UInt8>, _ n: Int) throws(ReplayError) -> Bool {
        let keyword = ReplayFormat.Keyword.balance.utf8
        guard bytes.count > keyword.count + 1, bytes.starts(with: keyword), bytes[bytes.startIndex + keyword.count] == 32 else { return false }
        let rest = bytes[(bytes.startIndex + keyword.count + 1)...]
        guard let space = rest.firstIndex(of: 32) else { return false }
        let key = rest[..<space], value = rest[(space + 1)...]
        guard !key.isEmpty, key.count <= 100, key.allSatisfy({ $0 > 32 && $0 < 127 }),
              !value.isEmpty, value.count <= 19 else { return false }
        var i = value.startIndex
        let negative = value[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < value.endIndex else { return false }
        var number = 0
        while i < value.endIndex {
            let d = value[i]
            guard d >= 48 && d <= 57 else { return false }
            let (times, o1) = number.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(d - 48))
            guard !o1 && !o2 else { return false }
            number = sum
            i += 1
        }
        try keepBalance(RawEntry(key: String(decoding: key, as: UTF8.self), value: .whole(negative ? -number : number), line: n), n)
        return true
    }

    /// A challenge field's value as a whole number, when it is written as one (at most
    /// 19 digits and '-'); nil for text. The one rule both ways of reading a line keep.
    private static func challengeWhole<C: Collection<UInt8>>(_ v: C) -> Int? {
        guard v.count <= 19, !v.isEmpty, v.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) }) else { return nil }
        return Int(String(decoding: v, as: UTF8.self))
    }

    /// A `challenge PERIOD.NAME FIELD=VALUE…` line of plain ASCII words between single
    /// spaces, read from the bytes as `headerLine` reads it (the same entries, keys cut
    /// to the same lengths); false, having changed nothing, for any other line, which
    /// the general way reads (and names what is wrong). A server reads a few dozen of
    /// these in every posted run's header: through Strings they cost more than its
    /// two hundred balance lines.
    private mutating func fastChallenge(_ bytes: ArraySlice<UInt8>, _ n: Int) -> Bool {
        let keyword = ReplayFormat.Keyword.challenge.utf8
        guard header.formatVersion >= ReplayFormat.challengesSince, bytes.count > keyword.count + 1,
              bytes.starts(with: keyword), bytes[bytes.startIndex + keyword.count] == 32,
              challengeEntries.count < Challenge.maxTemplates * 8 else { return false }
        // The words after the keyword: printable ASCII, one space apart.
        var words: [Range<Int>] = []
        var from = bytes.startIndex + keyword.count + 1
        for i in from...bytes.endIndex {
            if i == bytes.endIndex || bytes[i] == 32 {
                guard i > from, words.count < 2 + ChallengeSchema.fields.count else { return false }
                words.append(from..<i)
                from = i + 1
            } else if bytes[i] < 33 || bytes[i] > 126 {
                return false
            }
        }
        guard words.count >= 2 else { return false }
        let pairs = words.dropFirst()
        var equals: [Int] = []
        for pair in pairs {
            guard let eq = bytes[pair].firstIndex(of: UInt8(ascii: "=")), eq != pair.lowerBound else { return false }
            equals.append(eq)
        }
        let name = bytes[words[0]].prefix(60)
        for (pair, eq) in zip(pairs, equals) {
            let v = bytes[(eq + 1)..<pair.upperBound]
            let value: RawEntry.Value = Self.challengeWhole(v).map { .whole($0) } ?? .text(String(decoding: v.prefix(40), as: UTF8.self))
            var key = Array(name)
            key.append(UInt8(ascii: "."))
            key.append(contentsOf: bytes[pair.lowerBound..<eq].prefix(40))
            challengeEntries.append(RawEntry(key: String(decoding: key, as: UTF8.self), value: value, line: n))
        }
        return true
    }

    /// Twice the balance lines a file can mean (every key, the most kinds): past it, a
    /// file is refused before it is stored.
    private static let mostBalanceLines = (BalanceSchema.schema.fields.count
        + (Rules.maxKinds - BalanceSchema.shippedKindKeys.count) * BalanceSchema.kindFieldNames.count) * 2

    /// A balance line read either way, kept for the header's checks.
    private mutating func keepBalance(_ entry: RawEntry, _ n: Int) throws(ReplayError) {
        guard balanceEntries.count <= Self.mostBalanceLines else { throw error(at: n, "too many balance lines") }
        balanceEntries.append(entry)
    }

    private mutating func fastInput(_ count: Int, _ token: (Int) -> UnsafeBufferPointer<UInt8>, _ n: Int)
        throws(ReplayError) -> Bool {
        guard count == 2 || count == 3, let tick = Self.digits(token(0), 0...ReplayFormat.maxTick) else { return false }
        let m = token(1)
        var move = Move.none
        var pointer: Int? = nil
        if m.count == 1 {
            switch m[0] {
            case UInt8(ascii: "L"): move = .left
            case UInt8(ascii: "R"): move = .right
            case UInt8(ascii: "."): move = .none
            default: return false
            }
        } else {
            guard m.count > 1, m[0] == UInt8(ascii: "@"), formatVersion >= ReplayFormat.pointerSince,
                  let x = Self.digits(UnsafeBufferPointer(rebasing: m[1...]), 0...ReplayFormat.maxPointer) else { return false }
            pointer = x
        }
        var command = Command.none
        if count == 3 {
            let c = token(2)
            guard c.count == 5, c.elementsEqual(ReplayFormat.Keyword.start.utf8) else { return false }
            command = .start(.classic)
        }
        try checkInputTick(tick, n)
        replay?.inputs.append(InputRecord(tick: tick, input: TickInput(move: move, pointer: pointer, command: command), line: n))
        lastInputTick = tick
        return true
    }

    private mutating func fastCheckpoint(_ count: Int, _ token: (Int) -> UnsafeBufferPointer<UInt8>, _ n: Int)
        throws(ReplayError) -> Bool {
        let subsystemCount = Subsystem.allCases.count
        guard count == 2 + subsystemCount + 5, let tick = Self.digits(token(0), 1...ReplayFormat.maxTick),
              let full = Self.hexDigits(token(1), 16) else { return false }
        var subs: [UInt16] = []
        subs.reserveCapacity(subsystemCount)
        for i in 0..<subsystemCount {
            guard let v = Self.hexDigits(token(2 + i), 3) else { return false }
            subs.append(UInt16(v))
        }
        let k = 2 + subsystemCount
        guard let score = Self.digits(token(k), 0...Int(Int64.max / 2)),
              let combo = Self.digits(token(k + 1), 0...ReplayFormat.maxTick),
              let health = Self.digits(token(k + 2), 0...Rules.fullHealth),
              let items = Self.digits(token(k + 3), 0...100_000) else { return false }
        let marks = token(k + 4)
        // Packed marks are read against the alphabet with their length (`fingerprintsFit`).
        if formatVersion < ReplayFormat.packedFingerprintsSince {
            for c in marks where !ReplayFormat.isFingerprint(c) { return false }
        }
        let previous = try checkCheckpointTick(tick, n)
        guard fingerprintsFit(marks, tick - previous) else { throw fingerprintError(tick, previous, n) }
        keep(Checkpoint(tick: tick, hash: full, subsystems: subs,
                        fields: ReadableFields(score: score, combo: combo, health: health, items: items),
                        ticks: Array(marks), line: n))
        lastCheckpointTick = tick
        return true
    }

    /// Called when the input runs out.
    mutating func finish() throws(ReplayError) -> ReadReplay {
        if lineNumber == 0 { throw error(at: 1, "empty file: not a replay") }
        if inHeader {
            throw error(at: lineNumber, "the file ends inside its header: truncated before any record, nothing to replay")
        }
        return ReadReplay(replay: replay!, complete: sawChecksum, checkpointCount: checkpointsRead, statesCount: statesRead)
    }

    /// A checkpoint read: counted, and kept (without `keepsCheckpoints`, in place of
    /// the one before, so the last tick is still known).
    private mutating func keep(_ checkpoint: Checkpoint) {
        checkpointsRead += 1
        if checkpoint.state != nil { statesRead += 1 }
        if keepsCheckpoints || replay?.checkpoints.isEmpty == true {
            replay?.checkpoints.append(checkpoint)
        } else {
            replay?.checkpoints[0] = checkpoint
        }
    }
}

extension Replay {
    /// Exchanges the records held with `inputs` and `checkpoints`.
    fileprivate mutating func swapRecords(_ inputs: inout [InputRecord], _ checkpoints: inout [Checkpoint]) {
        swap(&inputs, &self.inputs)
        swap(&checkpoints, &self.checkpoints)
    }
}
