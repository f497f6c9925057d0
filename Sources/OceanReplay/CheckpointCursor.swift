import OceanSystem

/// A replay file's checkpoints one at a time, read from the file as they are asked
/// for: two files' checkpoints compared in step (`replay diff`'s "recorded") hold one
/// 64 KiB chunk of each, not every checkpoint (a checkpoint every tick is most of a
/// long replay's bytes). Every line is read and checked as `ReplayReader.read` does;
/// the inputs are dropped as they come.
public struct CheckpointCursor {
    private let file: FileReader
    private let path: String
    private var reader: ReplayReader
    private var lines: ReplayReader.Lines
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var inputs: [InputRecord] = []
    private var queue: [Checkpoint] = []
    private var taken = 0
    private var bytesRead = 0
    private var atEnd = false

    public init(path: String) throws(ReplayError) {
        do { file = try FileReader(opening: path) } catch {
            throw ReplayError(file: PathName.shortened(path), line: nil, message: error.message)
        }
        self.path = path
        reader = ReplayReader(file: path)
        lines = ReplayReader.Lines(error: { ReplayError(file: path, line: nil, message: $0) })
    }

    /// The next checkpoint in file order, nil after the last.
    public mutating func next() throws(ReplayError) -> Checkpoint? {
        while taken >= queue.count {
            if atEnd { return nil }
            try readChunk()
        }
        taken += 1
        return queue[taken - 1]
    }

    private mutating func readChunk() throws(ReplayError) {
        let n = file.read(into: &chunk)
        if n < 0 { throw ReplayError(file: path, line: nil, message: "read error") }
        if n == 0 {
            atEnd = true
            _ = try reader.finish()
            return
        }
        bytesRead += n
        if bytesRead > ReplayFormat.maxFileBytes {
            throw ReplayError(file: path, line: nil, message: "larger than \(ReplayFormat.maxFileBytes) bytes; not a replay")
        }
        // Local copies: the line splitter's closure feeds the reader, and both are this cursor's.
        var reader = self.reader, lines = self.lines
        try chunk.withUnsafeBufferPointer { (all: UnsafeBufferPointer<UInt8>) throws(ReplayError) in
            try lines.split(UnsafeBufferPointer(rebasing: all[0..<min(n, all.count)])) { (line: ArraySlice<UInt8>) throws(ReplayError) in
                try reader.feed(line: line)
            }
        }
        reader.takeRecords(inputs: &inputs, checkpoints: &queue)
        (self.reader, self.lines, taken) = (reader, lines, 0)
    }
}
