/// Whether `AtomicWriter` could replace `path` now, checked before a long piece of
/// work rather than after it: links resolve (no loop), the target is a regular file
/// or not there yet and not read-only, and its folder takes a new file. Proven the
/// surest way, by doing it: the writer's exclusive temporary is created beside the
/// target and removed at once; the target itself is not touched.
public func checkReplaceable(_ path: String) throws(FileError) {
    let writer = try AtomicWriter(path: path)
    writer.discard()
}
