#if canImport(Glibc)
import Glibc
#endif

/// Standard input one line at a time, each line at most `limit` bytes: a stream
/// with no newline (`< /dev/zero`) or a runaway line is refused by its number as soon
/// as it passes the limit, instead of being held whole in memory. Each read takes
/// what is there (up to 64 KiB), so a line is handed over as soon as it arrives: an
/// asker that waits for each answer is never kept waiting.
struct StandardInputLines {
    /// The longest line taken, in bytes (without its newline).
    let limit: Int
    /// The limit as the message words it ("1 MiB").
    let limitText: String
    /// Who reads, for the messages ("tune eval"), and what a line holds.
    let reader: String, lineHolds: String
    /// The number (1-based) of the line last handed over.
    private(set) var number = 0
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`, and how far a newline was looked for.
    private var start = 0, scanned = 0
    private var ended = false

    init(reader: String, lineHolds: String, limit: Int = 1 << 20, limitText: String = "1 MiB") {
        (self.reader, self.lineHolds, self.limit, self.limitText) = (reader, lineHolds, limit, limitText)
    }

    /// The next line without its newline (the last one may lack it); nil at the end.
    mutating func next() throws -> String? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                return try take(upTo: newline, skipping: 1)
            }
            scanned = buffer.count
            if buffer.count - start > limit {
                throw tooLong()
            }
            if ended { return start < buffer.count ? try take(upTo: buffer.count, skipping: 0) : nil }
            try fill()
        }
    }

    private mutating func take(upTo end: Int, skipping: Int) throws -> String {
        guard end - start <= limit else {
            throw tooLong()
        }
        number += 1
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = end + skipping
        scanned = start
        // Drop what was handed over once it is most of the buffer.
        if start > 1 << 16 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            (start, scanned) = (0, 0)
        }
        return line
    }

    private func tooLong() -> CommandFailure {
        CommandFailure("ocean: error: \(reader): standard input line \(number + 1): longer than \(limitText) (\(limit) bytes); "
            + "each line is \(lineHolds)")
    }

    private mutating func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw CommandFailure("ocean: error: \(reader): standard input cannot be read: \(String(cString: strerror(errno)))") }
            if n == 0 { ended = true } else { buffer.append(contentsOf: chunk[0..<n]) }
            return
        }
    }
}
