/// DEFLATE (RFC 1951) in a zlib wrapper (RFC 1950), for PNG's picture data: LZ77 with
/// hash chains over a 32 KB window, lazy by one byte, in one block of fixed Huffman
/// codes. Simple to read and check, and enough for pictures of flat colours.
public enum Deflate {
    /// `data` as a zlib stream: header, one final fixed-Huffman block, Adler-32.
    public static func zlib(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.bytes.reserveCapacity(data.count / 4 + 64)
        bits.bytes += [0x78, 0x01]  // deflate, 32 KB window, no dictionary, fastest-level marker
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        compress(data, into: &bits)
        writeLiteral(256, &bits)  // end of block
        bits.flush()
        let adler = adler32(data)
        bits.bytes += [UInt8(adler >> 24), UInt8(truncatingIfNeeded: adler >> 16),
                       UInt8(truncatingIfNeeded: adler >> 8), UInt8(truncatingIfNeeded: adler)]
        return bits.bytes
    }

    static let windowSize = 1 << 15
    static let hashBits = 15
    static let maxChain = 48
    static let minMatch = 3, maxMatch = 258

    static func compress(_ data: [UInt8], into bits: inout BitWriter) {
        let n = data.count
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: windowSize)
        data.withUnsafeBufferPointer { d in
            head.withUnsafeMutableBufferPointer { head in
                previous.withUnsafeMutableBufferPointer { prev in
                    @inline(__always) func hash(_ i: Int) -> Int {
                        let v = (UInt32(d[i]) << 16) | (UInt32(d[i + 1]) << 8) | UInt32(d[i + 2])
                        return Int((v &* 2_654_435_761) >> UInt32(32 - hashBits))
                    }
                    @inline(__always) func insert(_ i: Int) {
                        guard i + minMatch <= n else { return }
                        let h = hash(i)
                        prev[i & (windowSize - 1)] = head[h]
                        head[h] = Int32(i)
                    }
                    /// The longest earlier match for position `i`: (length, distance).
                    @inline(__always) func longest(_ i: Int) -> (Int, Int) {
                        guard i + minMatch <= n else { return (0, 0) }
                        var candidate = Int(head[hash(i)])
                        var bestLength = 0, bestDistance = 0, chain = maxChain
                        let limit = min(maxMatch, n - i)
                        while candidate >= 0, i - candidate <= windowSize - 1, chain > 0 {
                            if d[candidate + bestLength] == d[i + bestLength] {
                                var length = 0
                                while length < limit, d[candidate + length] == d[i + length] { length += 1 }
                                if length > bestLength {
                                    (bestLength, bestDistance) = (length, i - candidate)
                                    if length == limit { break }
                                }
                            }
                            let next = Int(prev[candidate & (windowSize - 1)])
                            if next >= candidate { break }
                            candidate = next
                            chain -= 1
                        }
                        return bestLength >= minMatch ? (bestLength, bestDistance) : (0, 0)
                    }
                    var i = 0
                    while i < n {
                        var (length, distance) = longest(i)
                        if length > 0 && length < 32 && i + 1 < n {
                            // Lazy: a longer match one byte on is worth a literal first.
                            insert(i)
                            let (nextLength, nextDistance) = longest(i + 1)
                            if nextLength > length {
                                writeLiteral(Int(d[i]), &bits)
                                i += 1
                                (length, distance) = (nextLength, nextDistance)
                            } else {
                                writeMatch(length, distance, &bits)
                                for k in 1..<length { insert(i + k) }
                                i += length
                                continue
                            }
                        }
                        if length > 0 {
                            writeMatch(length, distance, &bits)
                            for k in 0..<length { insert(i + k) }
                            i += length
                        } else {
                            writeLiteral(Int(d[i]), &bits)
                            insert(i)
                            i += 1
                        }
                    }
                }
            }
        }
    }

    // RFC 1951 3.2.5: lengths 3...258 as codes 257...285 with extra bits; distances
    // 1...32768 as codes 0...29 with extra bits.
    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                    67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                      1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
                                       12, 12, 13, 13]
    /// Each length 0...258's code index (into `lengthBase`), looked up once.
    static let lengthCode: [UInt8] = (0...maxMatch).map { length in
        guard length >= minMatch else { return 0 }
        return UInt8(lengthBase.lastIndex { $0 <= length }!)
    }

    @inline(__always)
    static func writeMatch(_ length: Int, _ distance: Int, _ bits: inout BitWriter) {
        let l = Int(lengthCode[length])
        writeLiteral(257 + l, &bits)
        if lengthExtra[l] > 0 { bits.write(UInt32(length - lengthBase[l]), count: lengthExtra[l]) }
        var dc = 0
        while dc + 1 < distanceBase.count && distanceBase[dc + 1] <= distance { dc += 1 }
        bits.write(reversed(UInt32(dc), count: 5), count: 5)
        if distanceExtra[dc] > 0 { bits.write(UInt32(distance - distanceBase[dc]), count: distanceExtra[dc]) }
    }

    /// A literal/length symbol in the fixed code (RFC 1951 3.2.6), Huffman bits sent
    /// most significant first.
    @inline(__always)
    static func writeLiteral(_ symbol: Int, _ bits: inout BitWriter) {
        switch symbol {
        case 0...143: bits.write(reversed(UInt32(0x30 + symbol), count: 8), count: 8)
        case 144...255: bits.write(reversed(UInt32(0x190 + symbol - 144), count: 9), count: 9)
        case 256...279: bits.write(reversed(UInt32(symbol - 256), count: 7), count: 7)
        default: bits.write(reversed(UInt32(0xC0 + symbol - 280), count: 8), count: 8)
        }
    }

    @inline(__always)
    static func reversed(_ code: UInt32, count: Int) -> UInt32 {
        code.bitSwapped >> UInt32(32 - count)
    }

    public static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var i = 0
        while i < data.count {
            // 5552 bytes keep the sums below 2^32 before the modulo (zlib's NMAX).
            let end = min(i + 5552, data.count)
            while i < end { a &+= UInt32(data[i]); b &+= a; i += 1 }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }
}

/// Bits packed least significant first, as DEFLATE sends them.
struct BitWriter {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var filled = 0

    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        buffer |= UInt64(value) << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    mutating func flush() {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        (buffer, filled) = (0, 0)
    }
}

extension UInt32 {
    /// The bits in the opposite order.
    var bitSwapped: UInt32 {
        var v = self
        v = ((v >> 1) & 0x5555_5555) | ((v & 0x5555_5555) << 1)
        v = ((v >> 2) & 0x3333_3333) | ((v & 0x3333_3333) << 2)
        v = ((v >> 4) & 0x0F0F_0F0F) | ((v & 0x0F0F_0F0F) << 4)
        v = ((v >> 8) & 0x00FF_00FF) | ((v & 0x00FF_00FF) << 8)
        return (v >> 16) | (v << 16)
    }
}
