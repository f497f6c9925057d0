import OceanSystem

/// Writes a replay to an exclusive temporary file beside its destination
/// (`OceanSystem.AtomicFileStream`) and puts it in place only when `commit` is called:
/// an existing file survives anything short of a finished recording (a kill, a full
/// disk, Ctrl-C, a second recorder). `flush` pushes what was written to the
/// temporary, so a killed recorder still leaves a readable, truncated replay there
/// (`.NAME.tmp-PID-…`, removed by the next recording beside it).
public final class AtomicFileSink: ReplaySink {
    private let stream: AtomicFileStream

    /// The first write that failed; nothing is written after it.
    public var failure: FileError? { stream.failure }
    /// The temporary being written.
    public var temporary: String { stream.temporary }

    /// `overwrite: false` refuses an existing destination (`FileError.code` EEXIST).
    public init(path: String, overwrite: Bool) throws(FileError) {
        stream = try AtomicFileStream(path: path, overwrite: overwrite)
    }

    /// Bytes written so far.
    public private(set) var bytes = 0

    public func write(_ text: String) {
        bytes += text.utf8.count
        stream.write(text)
    }
    public func flush() { stream.flush() }

    /// Puts the finished replay in place (or throws, keeping the old file).
    public func commit() throws(FileError) { try stream.commit() }

    /// Drops the recording; the destination stays as it was.
    public func discard() { stream.discard() }
}
