/// A file written in pieces (a WAV being rendered, a replay being recorded) through
/// `AtomicWriter`: the pieces go to an exclusive temporary beside the destination, in
/// 64 KiB writes, and only `commit` puts the whole file in place. So a symbolic link's
/// target is replaced and the link kept, and a kill, a full disk or a failed write
/// leaves the old file (or none), never a partial one.
public final class AtomicFileStream {
    private let writer: AtomicWriter
    private var buffer: [UInt8] = []
    /// The first write that failed; nothing is written after it, and `commit` throws it.
    public private(set) var failure: FileError?

    /// The path asked for.
    public var path: String { writer.path }
    /// The temporary being written.
    public var temporary: String { writer.temporary }

    /// `overwrite: false` refuses an existing destination (`FileError.code` EEXIST).
    public init(path: String, overwrite: Bool = true) throws(FileError) {
        writer = try AtomicWriter(path: path, overwrite: overwrite)
        buffer.reserveCapacity(1 << 16)
    }

    public func write(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Pushes what was written to the temporary (a killed process leaves it readable).
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

    /// Puts the finished file in place (or throws, keeping the old file).
    public func commit() throws(FileError) {
        flush()
        if let failure {
            writer.discard()
            throw failure
        }
        try writer.commit()
    }

    /// Drops what was written; the destination stays as it was.
    public func discard() { writer.discard() }
}
