import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// `-` as a file that is read means standard input (a spec piped in, a shard from
/// another host): read whole, as text, up to `limit` bytes. Only here, at the command
/// line: `PathName.read` keeps refusing anything but a regular file, so a FIFO or a
/// device named by mistake never blocks a command.
enum StandardInput {
    static func isDash(_ path: String) -> Bool { path == "-" }

    /// The whole of standard input as UTF-8 text, or a failure naming the problem.
    static func readText(limit: Int, what: String) throws -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CommandFailure("ocean: \(what) from standard input cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw CommandFailure("ocean: \(what) from standard input is over the limit of \(limit) bytes") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CommandFailure("ocean: \(what) from standard input is not UTF-8 text") }
        return text
    }
}
