#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file as UTF-8 text; nil if it cannot be opened, read, or decoded.
public func readTextFile(_ path: String, limit: Int = 64 << 20) -> String? {
    guard let bytes = readFileBytes(path, limit: limit) else { return nil }
    return String(validating: bytes, as: UTF8.self)
}

/// Reads a whole file, refusing anything larger than `limit` bytes.
public func readFileBytes(_ path: String, limit: Int) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if bytes.count > limit { return nil }
        if n < chunk.count { return ferror(f) == 0 ? bytes : nil }
    }
}

/// Finds `assets/balance.toml` for a run that names no balance file: first in the
/// working directory and its parents, then beside the executable and its parents
/// (so `.build/release/ocean` finds the checkout's assets).
public func defaultBalancePath() -> String? {
    var starts: [String] = []
    var cwd = [CChar](repeating: 0, count: 4096)
    if getcwd(&cwd, cwd.count) != nil { starts.append(String(decoding: cwd.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)) }
    var exe = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &exe, exe.count - 1)
    if n > 0 { starts.append(String(decoding: exe[0..<n].map(UInt8.init), as: UTF8.self)) }
    for start in starts {
        var dir = start
        while !dir.isEmpty {
            let candidate = dir + "/assets/balance.toml"
            if access(candidate, R_OK) == 0 { return candidate }
            guard let slash = dir.lastIndex(of: "/") else { break }
            dir = String(dir[..<slash])
        }
    }
    return nil
}

/// Writes a line to standard error.
public func printError(_ message: String) {
    let line = message + "\n"
    var utf8 = Array(line.utf8)
    _ = utf8.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
