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

    @Test func theManifestIsReadWhole() {
        for name in ["OceanKernel", "OceanAssets", "OceanStore", "OceanFront", "OceanPlatform", "OceanTune", "ocean",
                     "ocean-bench", "OceanStoreTests"] {
            #expect(graph.dependencies[name] != nil, "\(name) not found in Package.swift")
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
