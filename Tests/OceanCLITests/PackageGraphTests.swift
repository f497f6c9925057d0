import Foundation
import Testing
import TestSupport

/// The targets of `Package.swift` and their direct dependencies (target names, and
/// products by their product name), read from the manifest's text: `swift package
/// dump-package` would wait on the lock `swift test` holds on `.build`.
struct PackageGraph {
    var dependencies: [String: [String]] = [:]

    init(manifest: String) throws {
        // Comments out, so a dependency named in prose is not read as one.
        let text = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }
            .joined(separator: "\n")
        let target = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        for match in text.matches(of: target) {
            guard let name = match.output[2].substring.map(String.init) else { continue }
            // The call's text: up to its closing parenthesis.
            var depth = 0
            var end = match.range.lowerBound
            for i in text[match.range.lowerBound...].indices {
                if text[i] == "(" { depth += 1 }
                if text[i] == ")" { depth -= 1; if depth == 0 { end = i; break } }
            }
            let call = text[match.range.lowerBound..<end]
            var found: [String] = []
            if let list = call.range(of: "dependencies:") {
                var depth = 0
                var listEnd = list.upperBound
                for i in call[list.upperBound...].indices {
                    if call[i] == "[" { depth += 1 }
                    if call[i] == "]" { depth -= 1; if depth == 0 { listEnd = i; break } }
                }
                let items = call[list.upperBound..<listEnd]
                // A product: `.product(name: "P", package: …)`; a target: `"T"`.
                let withoutPackages = items.replacing(try Regex(#"package:\s*"[^"]*""#), with: "")
                for m in withoutPackages.matches(of: try Regex(#""([^"]+)""#)) {
                    if let s = m.output[1].substring { found.append(String(s)) }
                }
            }
            dependencies[name] = found
        }
    }

    /// Everything `target` uses, directly or through others.
    func closure(of target: String) -> Set<String> {
        var seen: Set<String> = []
        var stack = dependencies[target] ?? []
        while let next = stack.popLast() {
            if seen.insert(next).inserted { stack += dependencies[next] ?? [] }
        }
        return seen
    }
}

@Suite struct PackageGraphTests {
    let graph: PackageGraph

    init() throws {
        graph = try PackageGraph(manifest: try String(contentsOfFile: repoRoot + "/Package.swift", encoding: .utf8))
    }

    /// The rooms from the bottom up: a target may use only targets of the layers
    /// below its own (see docs/architecture.md). Every target of the package is placed.
    static let layers: [[String]] = [
        ["OceanKernel", "OceanSystem", "OceanTOML", "CSDL2", "CReferenceLoop", "CCurl"],
        ["OceanBalance"],
        ["OceanAssets", "OceanReplay", "OceanAudio"],
        ["OceanStore", "OceanDrivers", "OceanFront", "OceanPlatform", "OceanDaily"],
        ["OceanSession", "OceanTune", "OceanBench", "OceanDailyClient"],
        ["OceanApp", "OceanCLI", "OceanServer"],
        ["ocean", "ocean-headless", "ocean-bench", "ocean-server", "toml-test-decoder"],
    ]
    /// Other packages' products a target may use, wherever it stands.
    static let outside: Set<String> = ["ArgumentParser", "Crypto", "Hummingbird", "SQLiteNIO", "PostgresNIO", "NIOCore",
                                       "NIOPosix", "NIOConcurrencyHelpers", "NIOHTTPTypes", "Logging",
                                       "Metrics", "Prometheus"]

    func layer(of target: String) -> Int? { Self.layers.firstIndex { $0.contains(target) } }

    @Test func theManifestIsReadWhole() {
        for name in ["OceanKernel", "OceanAssets", "OceanStore", "OceanFront", "OceanPlatform", "OceanSession", "OceanApp",
                     "OceanTune", "ocean", "ocean-bench", "OceanStoreTests"] {
            #expect(graph.dependencies[name] != nil, "\(name) not found in Package.swift")
        }
    }

    /// The whole direction: each target uses only the layers below it.
    @Test func everyTargetUsesOnlyTheLayersBelowIt() {
        let targets = graph.dependencies.keys.filter { !$0.hasSuffix("Tests") && !$0.hasSuffix("TestSupport") }.sorted()
        for target in targets {
            guard let own = layer(of: target) else {
                Issue.record("\(target) is in no layer: place it in PackageGraphTests.layers and docs/architecture.md")
                continue
            }
            for used in graph.dependencies[target] ?? [] where !Self.outside.contains(used) {
                guard let below = layer(of: used) else {
                    Issue.record("\(target) uses \(used), which is in no layer")
                    continue
                }
                #expect(below < own, "\(target) (layer \(own)) uses \(used) (layer \(below)): only layers below it")
            }
        }
    }

    /// The platform is a shell: no session policy, no saving, no bots, no replays, no
    /// drawing of the game's own; the front sees state and events, never a replay.
    @Test func thePlatformIsAShellAndTheFrontSeesNoReplays() {
        let platform = graph.closure(of: "OceanPlatform")
        for name in ["OceanStore", "OceanDrivers", "OceanSession", "OceanReplay", "OceanFront", "OceanApp"] {
            #expect(!platform.contains(name), "OceanPlatform reaches \(name): \(platform.sorted())")
        }
        #expect(!graph.closure(of: "OceanFront").contains("OceanReplay"), "\(graph.closure(of: "OceanFront").sorted())")
        let session = graph.closure(of: "OceanSession")
        for name in ["CSDL2", "OceanPlatform", "OceanFront", "OceanAudio"] {
            #expect(!session.contains(name), "OceanSession reaches \(name): \(session.sorted())")
        }
    }

    /// Layers point one way: the store fills the assets' types, never the renderer's.
    @Test func theStoreDoesNotDependOnTheFront() {
        #expect(!graph.closure(of: "OceanStore").contains("OceanFront"), "\(graph.closure(of: "OceanStore").sorted())")
        #expect(Set(graph.dependencies["OceanStore"] ?? [])
                    .isSubset(of: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanAssets", "OceanTOML"]),
                "\(graph.dependencies["OceanStore"] ?? [])")
        #expect(graph.closure(of: "OceanAssets").isSubset(of: ["OceanKernel", "OceanBalance"]))
    }

    /// The TOML reader stands alone: no target of ours, no package; and no fork() is
    /// left anywhere in the sources (it was the old parser's guard).
    @Test func theTOMLReaderDependsOnNothing() throws {
        #expect(graph.dependencies["OceanTOML"] == [], "\(graph.dependencies["OceanTOML"] ?? [])")
        #expect(graph.dependencies.values.allSatisfy { !$0.contains("TOMLKit") })
        let sources = try FileManager.default.subpathsOfDirectory(atPath: repoRoot + "/Sources").filter { $0.hasSuffix(".swift") }
        for path in sources {
            let text = try String(contentsOfFile: repoRoot + "/Sources/" + path, encoding: .utf8)
            #expect(!text.contains("fork("), "\(path) calls fork()")
            if path.hasPrefix("OceanTOML/") { #expect(!text.contains("import Foundation"), "\(path) imports Foundation") }
        }
    }

    /// The charts draw with the assets' primitives, not the game's screens or SDL.
    @Test func tuningNeedsNeitherTheFrontNorSDL() {
        let tune = graph.closure(of: "OceanTune")
        for name in ["OceanFront", "OceanPlatform", "CSDL2"] { #expect(!tune.contains(name), "\(tune.sorted())") }
    }

    /// The headless program (the image's `ocean`) reaches neither the platform nor SDL.
    @Test func theHeadlessProgramNeedsNoSDL() {
        let headless = graph.closure(of: "ocean-headless")
        #expect(headless.contains("OceanTune") && headless.contains("OceanCLI"), "\(headless.sorted())")
        for name in ["OceanPlatform", "CSDL2", "OceanFront", "OceanAudio"] { #expect(!headless.contains(name), "\(headless.sorted())") }
    }

    /// Two products: the game and its offline tools reach no server stack (the server is
    /// `ocean-server` alone), and the server never uses the client: both use the contract.
    @Test func theGameLinksNoServerAndTheServerNoClient() {
        let serverStack: Set<String> = ["OceanServer", "Hummingbird", "SQLiteNIO", "PostgresNIO", "NIOCore", "NIOPosix",
                                        "NIOConcurrencyHelpers", "NIOHTTPTypes", "Logging", "Metrics", "Prometheus"]
        for program in ["ocean", "ocean-headless", "ocean-bench"] {
            let reached = graph.closure(of: program)
            #expect(reached.isDisjoint(with: serverStack), "\(program) reaches \(reached.intersection(serverStack).sorted())")
        }
        let server = graph.closure(of: "ocean-server")
        #expect(server.contains("OceanServer") && server.contains("OceanDaily"), "\(server.sorted())")
        for name in ["OceanDailyClient", "CCurl", "OceanPlatform", "CSDL2", "OceanFront", "OceanApp"] {
            #expect(!server.contains(name), "ocean-server reaches \(name): \(server.sorted())")
        }
        #expect(graph.closure(of: "OceanDailyClient").contains("OceanDaily"))
    }

    /// The game links no Foundation (whose ICU data alone is 34 MB of the binary):
    /// FoundationEssentials and Glibc, in every target the game reaches.
    @Test func theGameImportsNoFoundation() throws {
        for target in graph.closure(of: "ocean").union(["ocean"]).sorted() {
            let folder = repoRoot + "/Sources/" + target
            guard let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] else { continue }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                #expect(!text.split(separator: "\n").contains("import Foundation"), "\(target)/\(file) imports Foundation")
            }
        }
    }

    /// Only the platform target imports SDL; the game links no benchmark; nothing
    /// links the malloc interposer (`make bench` preloads it).
    @Test func sdlIsThePlatformsAndNothingLinksTheInterposer() {
        let direct = graph.dependencies.filter { !$0.key.hasSuffix("Tests") && $0.value.contains("CSDL2") }.keys
        #expect(Array(direct) == ["OceanPlatform"])
        #expect(!graph.closure(of: "ocean").contains("OceanBench"), "\(graph.closure(of: "ocean").sorted())")
        let linking = graph.dependencies.filter { $0.value.contains("MallocInterposerSwift") }.keys
        #expect(linking.isEmpty, "\(linking.sorted())")
    }
}
