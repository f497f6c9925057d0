import OceanSystem

/// Writes a replay to an exclusive temporary file beside its destination
/// (`OceanSystem.AtomicWriter`) and puts it in place only when `commit` is called:
/// an existing file survives anything short of a finished recording (a kill, a full
/// disk, Ctrl-C, a second recorder). `flush` pushes what was written to the
/// temporary, so a killed recorder still leaves a readable, truncated replay there
/// (`.NAME.tmp-PID-…`, removed by the next recording beside it).
public final class AtomicFileSink: ReplaySink {
    private let writer: AtomicWriter
    private var buffer: [UInt8] = []
    /// The first write that failed; nothing is written after it.
    public private(set) var failure: FileError?

    /// The temporary being written.
    public var temporary: String { writer.temporary }

    /// `overwrite: false` refuses an existing destination (`FileError.code` EEXIST).
    public init(path: String, overwrite: Bool) throws(FileError) {
        writer = try AtomicWriter(path: path, overwrite: overwrite)
        buffer.reserveCapacity(1 << 16)
    }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        let writer = self.writer
        var failed: FileError?
        buffer.withUnsafeBytes { bytes in
            do throws(FileError) { try writer.write(bytes) } catch { failed = error }
        }
        failure = failed
    }

    /// Puts the finished replay in place (or throws, keeping the old file).
    public func commit() throws(FileError) {
        flush()
        if let failure {
            writer.discard()
            throw failure
        }
        try writer.commit()
    }

    /// Drops the recording; the destination stays as it was.
    public func discard() { writer.discard() }
}
