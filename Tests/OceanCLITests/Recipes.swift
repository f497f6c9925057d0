import Foundation
import TestSupport

/// CONTRIBUTING.md's recipes as the tests follow them, so the page stays true: under a
/// recipe's `### ` heading, a fenced block whose info string is a language and a path
/// (```` ```toml assets/balance.toml ````) is appended to that file of a copy of
/// `assets/`, and a block marked ```` ```sh recipe ```` is run with bash in the copy's
/// folder, with the built `ocean` (release) first on the PATH.
struct Recipe {
    struct Block {
        var info: [String]
        var text: String
    }

    let title: String
    let blocks: [Block]

    init(title: String, blocks: [Block]) { (self.title, self.blocks) = (title, blocks) }

    /// The recipe under `### TITLE` in CONTRIBUTING.md.
    init(_ title: String) throws {
        let page = try String(contentsOfFile: repoRoot + "/CONTRIBUTING.md", encoding: .utf8)
        var inRecipe = false, open: [String]?, body: [String] = [], found: [Block] = []
        var seen = false
        for raw in page.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if open == nil && line.hasPrefix("#") {
                inRecipe = line == "### " + title
                seen = seen || inRecipe
                continue
            }
            guard inRecipe else { continue }
            if let info = open {
                if line == "```" {
                    found.append(Block(info: info, text: body.joined(separator: "\n") + "\n"))
                    (open, body) = (nil, [])
                } else {
                    // The block's own indentation (a list item's) is not the file's.
                    let indent = raw.prefix { $0 == " " }.count
                    body.append(String(raw.dropFirst(min(indent, 3))))
                }
            } else if line.hasPrefix("```") {
                open = line.dropFirst(3).split(separator: " ").map(String.init)
            }
        }
        guard seen else { throw RecipeMissing(title: title) }
        (self.title, blocks) = (title, found)
    }

    /// A fresh copy of `assets/` with this recipe followed; returns its folder (which
    /// also sees the repository's `replays/`).
    func followed(name: String) throws -> (folder: String, shell: [Run]) {
        let folder = freshFolder("recipe-" + name)
        let fm = FileManager.default
        try fm.copyItem(atPath: repoRoot + "/assets", toPath: folder + "/assets")
        try fm.createSymbolicLink(atPath: folder + "/replays", withDestinationPath: repoRoot + "/replays")
        var runs: [Run] = []
        for block in blocks {
            if block.info == ["sh", "recipe"] {
                runs.append(try shell(block.text, in: folder))
            } else if block.info.count == 2, block.info[1].hasPrefix("assets/") {
                let path = folder + "/" + block.info[1]
                let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                try (old + "\n" + block.text).write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        return (folder, runs)
    }

    private func shell(_ text: String, in folder: String) throws -> Run {
        let bin = freshFolder("recipe-bin")
        // The release build (`make test` makes it): a recipe may play a long career.
        let release = repoRoot + "/.build/release/ocean"
        let built = FileManager.default.isExecutableFile(atPath: release) ? release : repoRoot + "/.build/debug/ocean"
        try FileManager.default.createSymbolicLink(atPath: bin + "/ocean", withDestinationPath: built)
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try script("set -eo pipefail\ncd '\(folder)'\n" + text, seconds: 300,
                          environment: ["PATH": path, "XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config"])
    }
}

struct RecipeMissing: Error, CustomStringConvertible {
    let title: String
    var description: String { "CONTRIBUTING.md has no recipe '### \(title)'" }
}
