/// 64-bit FNV-1a (Fowler–Noll–Vo): offset basis 0xcbf29ce484222325, prime
/// 0x100000001b3, one byte at a time. Chosen because it is fully specified, tiny and
/// the same everywhere; it is a fingerprint for desync detection, not a defence
/// against someone forging states.
public struct FNV1a64: ByteSink, Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The FNV prime, 2⁴⁰ + 2⁸ + 0xb3.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    public init() {}

    /// Adds one byte.
    @inline(__always)
    public mutating func write(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Adds each byte of `bytes`, in order.
    @inlinable
    public mutating func write<S: Sequence<UInt8>>(bytes: S) {
        for b in bytes { write(byte: b) }
    }

    /// Adds every byte of a buffer: one tight loop over raw bytes (a replay's checksum
    /// runs over every byte of the file; the generic `write(bytes:)` is not
    /// specialised across modules and costs an iterator call per byte).
    public mutating func write(bytes: UnsafeRawBufferPointer) {
        var h = value
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        value = h
    }

    /// Adds each byte of `bytes`, in order (through the raw-bytes loop).
    public mutating func write(bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { write(bytes: $0) }
    }

    /// Adds each byte of `bytes`, in order (through the raw-bytes loop).
    public mutating func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(bytes: $0) }
    }

    /// Adds the closed months a digest covers, as if their bytes were written one by one.
    public mutating func fold(_ digest: MonthsDigest) -> Bool {
        value = digest.fold(value)
        return true
    }

    /// Adds a 64-bit word as its eight little-endian bytes.
    ///
    /// A zero byte only multiplies by the prime (`h ^ 0 = h`), so a run of zero bytes
    /// is one multiply by a power of the prime, folded into the multiply before it: a
    /// small number, as most words of the state are, costs one multiply per non-zero
    /// low byte instead of eight (the same value; hashing a state is one chain of
    /// dependent multiplies, so their count is its time).
    @inline(__always)
    public mutating func write(_ word: UInt64) {
        let p: UInt64 = 0x0000_0100_0000_01b3
        var h = value
        if word >> 8 == 0 {
            h = (h ^ word) &* FNV1a64.prime8
        } else if word >> 16 == 0 {
            h = (h ^ (word & 0xff)) &* p
            h = (h ^ (word >> 8)) &* FNV1a64.prime7
        } else if word >> 32 == 0 {
            h = (h ^ (word & 0xff)) &* p
            h = (h ^ ((word >> 8) & 0xff)) &* p
            h = (h ^ ((word >> 16) & 0xff)) &* p
            h = (h ^ (word >> 24)) &* p
            h = h &* FNV1a64.prime4
        } else {
            var w = word
            for _ in 0..<8 {
                h = (h ^ (w & 0xff)) &* p
                w >>= 8
            }
        }
        value = h
    }

    /// The prime to the 4th, 7th and 8th powers (wrapping), for runs of zero
    /// bytes (the hash tests check them against the byte-by-byte chain).
    public static let prime4: UInt64 = 0x9ffa_ac08_5635_bc91
    public static let prime7: UInt64 = 0xc552_7b8a_51d3_d2db
    public static let prime8: UInt64 = 0x1efa_c709_0aef_4a21
}

/// The state's fingerprint: one hash over the whole canonical encoding, and one per
/// subsystem so a mismatch can say what diverged.
public struct StateHashes: Equatable, Sendable {
    public var full: UInt64
    public var subsystems: [UInt64]

    /// The hashes of `state`'s encoding in `version` (replays of format 2 check
    /// hashes of encoding version 2).
    public init(_ state: GameState, version: UInt64 = StateEncoding.version) {
        // One pass over the encoding feeds both the whole hash and the subsystem's.
        var both = HashPair()
        StateEncoding.writeHeader(version: version, to: &both.all)
        var parts: [UInt64] = []
        parts.reserveCapacity(Subsystem.allCases.count)
        for subsystem in Subsystem.allCases {
            both.one = FNV1a64()
            StateEncoding.write(subsystem, of: state, version: version, to: &both)
            parts.append(both.one.value)
        }
        full = both.all.value
        subsystems = parts
    }

    public subscript(_ subsystem: Subsystem) -> UInt64 { subsystems[subsystem.rawValue] }

    /// The subsystems whose hashes differ between two states.
    public func differing(from other: StateHashes) -> [Subsystem] {
        Subsystem.allCases.filter { self[$0] != other[$0] }
    }
}

/// Two hashes fed the same words: the whole state's and one subsystem's.
private struct HashPair: ByteSink {
    var all = FNV1a64()
    var one = FNV1a64()

    init() {}

    mutating func write(_ word: UInt64) {
        all.write(word)
        one.write(word)
    }

    mutating func fold(_ digest: MonthsDigest) -> Bool {
        _ = all.fold(digest)
        return one.fold(digest)
    }
}

extension GameState {
    /// The 64-bit hash of the canonical encoding (`StateEncoding`).
    public var hash: UInt64 { hash(version: StateEncoding.version) }

    /// The hash of the encoding in an older `version` (2), for replays recorded then.
    public func hash(version: UInt64) -> UInt64 {
        var h = FNV1a64()
        StateEncoding.write(self, version: version, to: &h)
        return h.value
    }
}

/// A value as `digits` lowercase hex digits (zero-padded): the one hex formatter.
public func hex(_ v: UInt64, digits: Int = 16) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, digits - s.count)) + s
}

/// A 64-bit value as 16 lowercase hex digits (hashes, checksums).
public func hex16(_ v: UInt64) -> String { hex(v, digits: 16) }
