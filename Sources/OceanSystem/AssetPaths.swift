#if canImport(Glibc)
import Glibc
#endif

/// Finds `assets/NAME` for a run that names no file: first in the working directory
/// and its parents, then beside the executable and its parents (so
/// `.build/release/ocean` finds the checkout's assets). Nil if none is readable.
public func findAsset(_ name: String) -> String? {
    var starts: [String] = []
    var cwd = [CChar](repeating: 0, count: 4096)
    if getcwd(&cwd, cwd.count) != nil { starts.append(String(decoding: cwd.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)) }
    var exe = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &exe, exe.count - 1)
    if n > 0 { starts.append(String(decoding: exe[0..<n].map(UInt8.init), as: UTF8.self)) }
    for start in starts {
        var dir = start
        while !dir.isEmpty {
            let candidate = dir + "/assets/" + name
            if access(candidate, R_OK) == 0 { return candidate }
            guard let slash = dir.lastIndex(of: "/") else { break }
            dir = String(dir[..<slash])
        }
    }
    return nil
}

/// The shipped balance file, `assets/balance.toml`.
public func defaultBalancePath() -> String? { findAsset("balance.toml") }
