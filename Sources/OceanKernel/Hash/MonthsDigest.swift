/// The career's closed months, already run through FNV-1a, so hashing a state costs
/// the same after ten years of play as after a week.
///
/// A career's lifetime months (`CareerState.months`) grow by one each calendar month;
/// the encoding writes all of them, and the per-tick fingerprint hashes the encoding,
/// so without this a long career's every tick re-hashed hundreds of months. Only the
/// last month is ever changed (the open one); the ones before it are closed. Their
/// bytes are fixed, but FNV-1a is one chain over the whole encoding, so their effect
/// on the hash depends on the value the chain reaches them with, which changes every
/// tick. That dependence is small, and this keeps it:
///
/// One FNV-1a step is `h' = (h ^ b) · p`. XOR with a byte changes only the low 8 bits,
/// so `h ^ b = h + d`, where `d` depends on `h mod 256` and `b` alone; and
/// `h' mod 256` depends only on `h mod 256`. By induction, running a fixed run of n
/// bytes from any `h` gives `pⁿ·h + K[h mod 256]`, where `K` is a table of 256 values
/// that depends only on the bytes. So the closed months are kept as (`pⁿ`, `K`), and
/// folding them into a hash is one multiply, one add and one load: the SAME value
/// the byte-by-byte chain gives (`StateEncoding.encode` through a plain sink is the
/// slow way; the tests compare the two).
///
/// It covers the encoding of versions 6 and later (a month's per-kind counts up to
/// the last non-zero one); older versions are hashed the slow way (old replays only).
/// Derived data: never encoded, never compared (`MonthsDigestSlot`).
public final class MonthsDigest: Sendable {
    /// How many of the career's first months it covers.
    public let months: Int
    /// `p` to the power of the bytes covered.
    let power: UInt64
    /// `K`: what the bytes add, by the low byte of the hash they start from.
    let table: [UInt64]
    /// The same months for the word-wise hash (`WordHash64`): its multiplier to the
    /// power of the words covered, and what they add (`h → wordPower·h + wordSum`).
    let wordPower: UInt64
    let wordSum: UInt64

    /// No months: the identity.
    init() {
        months = 0
        power = 1
        table = [UInt64](repeating: 0, count: 256)
        (wordPower, wordSum) = (1, 0)
    }

    private init(months: Int, power: UInt64, table: [UInt64], wordPower: UInt64, wordSum: UInt64) {
        (self.months, self.power, self.table) = (months, power, table)
        (self.wordPower, self.wordSum) = (wordPower, wordSum)
    }

    /// This digest extended over `more` (the months that follow the ones it covers),
    /// written as encoding `version` writes them.
    func extended(over more: ArraySlice<MonthTotal>) -> MonthsDigest {
        var bytes = ByteBuffer()
        for m in more { StateEncoding.writeMonth(m, to: &bytes) }
        var power = self.power
        for _ in bytes.bytes { power = power &* FNV1a64.prime }
        var table = [UInt64](repeating: 0, count: 256)
        bytes.bytes.withUnsafeBufferPointer { run in
            for x in 0..<256 {
                let start = UInt64(x)
                var h = self.power &* start &+ self.table[x]
                for b in run { h = (h ^ UInt64(b)) &* FNV1a64.prime }
                table[x] = h &- power &* start
            }
        }
        // The word-wise hash's run, from 0: the polynomial of the new words alone.
        var words = WordRun()
        for m in more { StateEncoding.writeMonth(m, to: &words) }
        return MonthsDigest(months: months + more.count, power: power, table: table,
                            wordPower: wordPower &* words.power, wordSum: wordSum &* words.power &+ words.sum)
    }

    /// The hash after the months it covers, from the hash before them.
    @inline(__always)
    func fold(_ h: UInt64) -> UInt64 { power &* h &+ table[Int(h & 0xff)] }
}

/// A run of words through `WordHash64`'s step from 0: `sum`, and `power` (the
/// multiplier to the number of words).
private struct WordRun: ByteSink {
    var power: UInt64 = 1
    var sum: UInt64 = 0

    mutating func write(_ word: UInt64) {
        power = power &* WordHash64.multiplier
        sum = sum &* WordHash64.multiplier &+ word
    }
}

/// Where a career keeps its closed months' digest: a cache, so two careers that
/// differ only in it are equal, and an empty slot only means a slower hash.
public struct MonthsDigestSlot: Equatable, Sendable {
    public internal(set) var digest: MonthsDigest?

    public init() {}

    public static func == (a: MonthsDigestSlot, b: MonthsDigestSlot) -> Bool { true }
}

extension CareerState {
    /// The lifetime months, oldest first: one entry for each month in which plastic
    /// was diverted or an item counted. Changing them from outside the kernel drops the
    /// closed months' digest (the hash is then computed the slow way until the next
    /// month closes); the kernel changes only the open month, through `storedMonths`.
    public var months: [MonthTotal] {
        get { storedMonths }
        set {
            storedMonths = newValue
            monthsDigest.digest = nil
        }
        _modify {
            monthsDigest.digest = nil
            yield &storedMonths
        }
    }

    /// Brings the closed months' digest up to every month but the last (the open
    /// one). Cheap when it is up to date; the kernel calls it when a month opens.
    public mutating func foldClosedMonths() {
        let closed = storedMonths.count - 1
        let have = monthsDigest.digest?.months ?? 0
        guard closed > have else { return }
        let base = monthsDigest.digest ?? MonthsDigest()
        monthsDigest.digest = base.extended(over: storedMonths[have..<closed])
    }
}
