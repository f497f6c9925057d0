import ArgumentParser
import OceanBalance
import OceanDrivers
import OceanAssets
import OceanKernel
import OceanStore
import OceanSystem
import OceanTune
#if canImport(Glibc)
import Glibc
#endif

/// The tune commands' ways out: files replaced whole, standard output, standard error.

/// Every file `tune` writes goes through the safe replace (see `AtomicWriter`).
func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

func write(_ path: String, _ bytes: [UInt8]) throws {
    do { try replaceFile(path, with: bytes) } catch { throw CommandFailure(error.description) }
}

/// Whether a path names standard output (`-`, /dev/stdout).
func isStandardOutput(_ path: String) -> Bool { (try? PathName(path))?.standardStream(dash: 1) == 1 }

/// Writes text to standard error as it is (no newline added), in one write.
func writeError(_ text: String) { CommandOutput.writeError(text) }

/// The process's environment, as the batch systems' variables are read from it.
func environmentVariables() -> [String: String] {
    var env: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
        let s = String(cString: entry)
        if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
        p += 1
    }
    return env
}

extension CommandOutput {
    /// A command's closing line about the file it wrote to `out`: on standard output,
    /// unless the file itself went there (`--out -`, `/dev/stdout`), where the line
    /// would end up inside the WAV or PNG: then on standard error.
    public static func summary(_ text: String, besides out: String?) {
        if let out, (try? PathName(out))?.standardStream(dash: 1) == 1 { printError(text) } else { print(text) }
    }
}
