#if canImport(Glibc)
import Glibc
#endif

/// Where `make install` puts the assets, under the prefix the binary sits in
/// (`PREFIX/bin/ocean` reads `PREFIX/share/ocean-rescue/assets`), so an installed
/// game finds its data from any working directory.
let installedAssets = "/share/ocean-rescue/assets/"

/// Finds `assets/NAME` for a run that names no file: first in the working directory
/// and its parents, then in an install's share folder beside the executable
/// (`installedAssets`), then beside the executable and its parents (so
/// `.build/release/ocean` finds the checkout's assets). Nil if none is readable.
public func findAsset(_ name: String) -> String? {
    var cwd = [CChar](repeating: 0, count: 4096)
    if getcwd(&cwd, cwd.count) != nil,
       let found = searchUpward(from: String(decoding: cwd.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self), name) {
        return found
    }
    var exe = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &exe, exe.count - 1)
    guard n > 0 else { return nil }
    let binary = String(decoding: exe[0..<n].map(UInt8.init), as: UTF8.self)
    let bin = binary[..<(binary.lastIndex(of: "/") ?? binary.startIndex)]
    if let slash = bin.lastIndex(of: "/") {
        let installed = String(bin[..<slash]) + installedAssets + name
        if access(installed, R_OK) == 0 { return installed }
    }
    return searchUpward(from: binary, name)
}

/// `DIR/assets/NAME` for `start` and each of its parent folders, nearest first.
private func searchUpward(from start: String, _ name: String) -> String? {
    var dir = start
    while !dir.isEmpty {
        let candidate = dir + "/assets/" + name
        if access(candidate, R_OK) == 0 { return candidate }
        guard let slash = dir.lastIndex(of: "/") else { break }
        dir = String(dir[..<slash])
    }
    return nil
}

/// The shipped balance file, `assets/balance.toml`.
public func defaultBalancePath() -> String? { findAsset("balance.toml") }

/// The shipped challenge table, `assets/challenges.toml`.
public func defaultChallengesPath() -> String? { findAsset("challenges.toml") }

/// The shipped impact factors, `assets/impact.toml`.
public func defaultImpactPath() -> String? { findAsset("impact.toml") }
