import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// What a run of the built `ocean` printed.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// The built debug `ocean` (`swift build` makes it; `make test` builds first).
let oceanBinary = "\(repoRoot)/.build/debug/ocean"

/// Runs the built `ocean` from the repository root with `environment` added.
///
/// A daily run the `human` bot records (`daily record --bot human … --out FILE`) stands
/// for a person's: its `recorded-by` line says `person` (the checksum made again), as
/// a run played in the game's window does. The server ranks a program's runs apart by that
/// line; the human bot's inputs pass its plausibility check (`BotsApartTests`).
func ocean(_ args: [String], environment: [String: String] = [:]) throws -> Run {
    guard FileManager.default.isExecutableFile(atPath: oceanBinary) else {
        throw HarnessError("\(oceanBinary) is missing: `swift build` (or `make test`) builds it")
    }
    let run = try runProgram(oceanBinary, args, environment: environment)
    if run.status == 0, args.starts(with: ["daily", "record"]), let bot = args.firstIndex(of: "--bot"), args[bot + 1] == "human",
       let out = args.firstIndex(of: "--out") {
        try asPerson(args[out + 1])
    }
    return run
}

/// `file` with its `recorded-by` line saying `person`, its checksum made again.
func asPerson(_ file: String) throws {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let kept = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("recorded-by ") ? "recorded-by person" : $0 }
    try fixedChecksum(kept.joined(separator: "\n")).write(toFile: file, atomically: true, encoding: .utf8)
}

/// Runs `program` and collects what it printed (both pipes read while it runs).
func runProgram(_ program: String, _ args: [String], environment: [String: String] = [:]) throws -> Run {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    env.merge(environment) { $1 }
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let errData = ErrData()
    let reader = Thread { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    while !errData.done { usleep(1000) }
    return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
               stderr: String(decoding: errData.data ?? Data(), as: UTF8.self))
}

private final class ErrData: @unchecked Sendable {
    private let lock = NSLock()
    private var _data: Data?
    var data: Data? {
        get { lock.withLock { _data } }
        set { lock.withLock { _data = newValue } }
    }
    var done: Bool { data != nil }
}

/// The built debug `ocean-server` (`swift build` makes it).
let serverBinary = "\(repoRoot)/.build/debug/ocean-server"

/// A running `ocean-server` on 127.0.0.1 and a port it chose itself (`--port 0`),
/// its log in a file (read for the address, and so a full pipe never stops it).
final class ServerProcess {
    let process = Process()
    let log: String
    private(set) var url = ""

    init(db: String, folder: String, extra: [String] = [], name: String = "server", environment: [String: String] = [:]) throws {
        log = folder + "/\(name)-\(UInt32.random(in: 0...UInt32.max)).log"
        FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: serverBinary)
        // The server's clock at noon UTC of the tests' day (unless a test sets it), so the
        // day's window is open whatever today's date.
        let clock = extra.contains("--now") ? [] : ["--now", "\(DailyServerTests.day)T12:00:00Z"]
        process.arguments = ["--db", db, "--port", "0"] + clock + extra
        process.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["XDG_DATA_HOME"] = folder + "/server-data"
        env.merge(environment) { $1 }
        process.environment = env
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // Its address, once it listens (a first build of the schema included).
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ocean-server: listening on ") }) {
                url = String(line.dropFirst("ocean-server: listening on ".count))
                return
            }
            if !process.isRunning { throw HarnessError("ocean-server ended (\(process.terminationStatus)) before listening:\n\(text)") }
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGKILL)
        throw HarnessError("ocean-server did not listen within 60 s:\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// `kill -9`: no clean-up of any kind.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, as a service manager stops it.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    deinit { if process.isRunning { killHard() } }
}

/// A GET's status and body, with curl's cousin: URLSession (FoundationNetworking).
func httpGet(_ url: String) throws -> (status: Int, body: String) {
    let done = DispatchSemaphore(value: 0)
    let box = Box()
    URLSession.shared.dataTask(with: URL(string: url)!) { data, response, _ in
        box.value = ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self))
        done.signal()
    }.resume()
    done.wait()
    return box.value
}

private final class Box: @unchecked Sendable {
    var value: (Int, String) = (0, "")
}

/// The header fields of `url`'s answer, names lowercased.
func httpHeaders(_ url: String) throws -> [String: String] {
    let done = DispatchSemaphore(value: 0)
    let box = HeadersBox()
    URLSession.shared.dataTask(with: URL(string: url)!) { _, response, _ in
        for (k, v) in (response as? HTTPURLResponse)?.allHeaderFields ?? [:] {
            box.value["\(k)".lowercased()] = "\(v)"
        }
        done.signal()
    }.resume()
    done.wait()
    return box.value
}

private final class HeadersBox: @unchecked Sendable {
    var value: [String: String] = [:]
}

/// A JSON text as Foundation's objects.
func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// Recomputes a replay's checksum line (FNV-1a 64 over everything before it).
func fixedChecksum(_ text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    guard let i = lines.firstIndex(where: { $0.hasPrefix("checksum ") }) else { return text }
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for line in lines[..<i] {
        for b in Array(line.utf8) + [10] { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    }
    lines[i] = "checksum " + String(format: "%016llx", h)
    return lines.joined(separator: "\n")
}
