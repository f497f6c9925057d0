import Foundation
import Testing
import TestSupport

// "Install like a Linux game" (issue 12): `make install-built` (the install without
// its build step: `swift test` holds .build's lock, and the release build the other
// tests use is the one installed) into a temporary prefix, the installed game run
// from a folder where no checkout can be found, then `make uninstall`.

/// Runs `executable` in `folder` with exactly `environment`; output goes to files, so
/// no pipe can fill up.
private func run(_ executable: String, _ args: [String], in folder: String,
                 environment: [String: String]) throws -> Run {
    let logs = freshFolder("logs")
    let outFile = logs + "/stdout", errFile = logs + "/stderr"
    FileManager.default.createFile(atPath: outFile, contents: nil)
    FileManager.default.createFile(atPath: errFile, contents: nil)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: folder)
    p.environment = environment
    p.standardInput = FileHandle.nullDevice
    p.standardOutput = FileHandle(forWritingAtPath: outFile)
    p.standardError = FileHandle(forWritingAtPath: errFile)
    try p.run()
    p.waitUntilExit()
    return Run(status: p.terminationStatus,
               stdout: (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? "",
               stderr: (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "")
}

/// A command on PATH, or nil.
private func commandPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// `make TARGET PREFIX=prefix` in the checkout, with a made-up home and none of an
/// outer make's jobserver settings.
private func make(_ target: String, prefix: String, home: String) throws -> Run {
    guard let make = commandPath("make") else { throw CLIError("make is not on PATH") }
    return try run(make, ["--no-print-directory", target, "PREFIX=\(prefix)"], in: repoRoot, environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home,
        "SWIFT_BACKTRACE": "enable=no",
    ])
}

/// A PNG's width, height and colour type (6: RGBA), from its header.
private func pngHeader(_ path: String) -> (width: Int, height: Int, colourType: UInt8)? {
    guard let data = FileManager.default.contents(atPath: path), data.count > 26,
          data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    let bytes = [UInt8](data.prefix(26))
    func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20), bytes[25])
}

/// Every path under `root`, relative to it, sorted.
private func tree(_ root: String) -> [String] {
    ((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []).sorted()
}

@Suite struct InstallCLITests {
    @Test func theInstalledGameFindsItsAssetsFromAnywhereAndUninstallsCleanly() throws {
        let release = "\(repoRoot)/.build/release/ocean"
        try #require(FileManager.default.isExecutableFile(atPath: release),
                     "\(release) is missing: `make test` builds it (swift build -c release)")
        let prefix = freshFolder("prefix"), home = freshFolder("home"), elsewhere = freshFolder("elsewhere")
        // Someone else's files in the shared folders: uninstall must leave them.
        let fm = FileManager.default
        try fm.createDirectory(atPath: prefix + "/share/applications", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        fm.createFile(atPath: prefix + "/share/applications/other.desktop", contents: Data("x".utf8))
        fm.createFile(atPath: prefix + "/bin/other-game", contents: Data("x".utf8))

        // Installing twice must not lose track of the folders the first one created.
        for _ in 0..<2 {
            let installed = try make("install-built", prefix: prefix, home: home)
            try #require(installed.status == 0, "make install-built: \(installed.stderr)\(installed.stdout)")
        }
        for path in ["bin/ocean", "share/ocean-rescue/assets/balance.toml", "share/ocean-rescue/assets/sprites.txt",
                     "share/ocean-rescue/assets/font.txt", "share/ocean-rescue/assets/audio.toml",
                     "share/ocean-rescue/assets/themes/default.toml"] {
            #expect(fm.fileExists(atPath: prefix + "/" + path), "\(path) is not installed")
        }

        // The game alone: `bin/` and `share/`, no `lib/` (the benchmark's malloc interposer
        // stays in the build: `ocean-bench`), and the binary names no folder to search
        // for libraries in the build's toolchain or the interposer's (its Swift runtime
        // is linked in: `make build` builds the release with --static-swift-stdlib).
        #expect(!fm.fileExists(atPath: prefix + "/lib"), "lib/ is installed: \(tree(prefix + "/lib"))")
        #expect(Set(tree(prefix).map { $0.split(separator: "/")[0] }).subtracting(["bin", "share"]).isEmpty,
                "\(tree(prefix))")
        let readelf = try #require(commandPath("readelf"), "readelf (binutils) is missing")
        let dynamic = try run(readelf, ["-d", prefix + "/bin/ocean"], in: elsewhere, environment: ["PATH": "/usr/bin:/bin"])
        #expect(dynamic.status == 0, "readelf: \(dynamic.stderr)")
        for line in dynamic.stdout.split(separator: "\n") where line.contains("RPATH") || line.contains("RUNPATH") {
            #expect(!line.contains("swift") && !line.contains("ocean-rescue") && !line.contains("/opt/")
                    && !line.contains("lib/"), "\(line)")
        }
        #expect(!dynamic.stdout.contains("MallocInterposer") && !dynamic.stdout.contains("libswiftCore"),
                "\(dynamic.stdout)")

        // The menu entry: valid by freedesktop's own checker, pointing at the install.
        let desktop = prefix + "/share/applications/ocean-rescue.desktop"
        let entry = try String(contentsOfFile: desktop, encoding: .utf8)
        for line in ["Type=Application", "Exec=\(prefix)/bin/ocean play", "Icon=ocean-rescue",
                     "Categories=Game;ArcadeGame;"] {
            #expect(entry.split(separator: "\n").contains(Substring(line)), "\(desktop) lacks '\(line)'")
        }
        let validator = try #require(commandPath("desktop-file-validate"),
                                     "desktop-file-validate is missing: `make deps` installs desktop-file-utils")
        let validated = try run(validator, [desktop], in: elsewhere, environment: ["PATH": "/usr/bin:/bin"])
        #expect(validated.status == 0 && validated.stdout.isEmpty && validated.stderr.isEmpty,
                "desktop-file-validate: \(validated.stdout)\(validated.stderr)")

        // The icon at each size, with an alpha channel for its rounded corners.
        for size in [48, 64, 128, 256] {
            let header = pngHeader(prefix + "/share/icons/hicolor/\(size)x\(size)/apps/ocean-rescue.png")
            #expect(header?.width == size && header?.height == size && header?.colourType == 6,
                    "\(size) px icon: \(String(describing: header))")
        }

        // Completions where bash-completion, zsh and fish look, naming the subcommands.
        for (path, marker) in [("share/bash-completion/completions/ocean", "complete -o filenames -F _ocean ocean"),
                               ("share/zsh/site-functions/_ocean", "#compdef ocean"),
                               ("share/fish/vendor_completions.d/ocean.fish", "complete -c 'ocean'")] {
            let text = (try? String(contentsOfFile: prefix + "/" + path, encoding: .utf8)) ?? ""
            #expect(text.contains(marker) && text.contains("replay") && text.contains("sim"), "\(path)")
        }

        // Files and values complete: a tune spec is a .toml file, --metric one of the metrics.
        let bash = (try? String(contentsOfFile: prefix + "/share/bash-completion/completions/ocean", encoding: .utf8)) ?? ""
        #expect(bash.contains("*.toml") || bash.contains("toml"), "bash completes tune specs as files")
        #expect(bash.contains("catch_rate") && bash.contains("days_to_elder"), "bash completes --metric's values")

        // The manual, rendered by man(1) from the installed page.
        let manual = try run("/usr/bin/man", ["-l", prefix + "/share/man/man1/ocean.1"], in: elsewhere,
                             environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "100", "MAN_KEEP_FORMATTING": ""])
        #expect(manual.status == 0, "man -l: \(manual.stderr)")
        for word in ["ocean tune", "--resume", "--objectives", "--series"] { #expect(manual.stdout.contains(word), "the manual lacks \(word)") }
        // AppStream metadata that appstreamcli accepts, and the licence.
        let metainfo = prefix + "/share/metainfo/io.github.ocean_rescue.OceanRescue.metainfo.xml"
        if let appstream = commandPath("appstreamcli") {
            let checked = try run(appstream, ["validate", "--no-net", metainfo], in: elsewhere, environment: ["PATH": "/usr/bin:/bin"])
            #expect(checked.status == 0, "appstreamcli validate: \(checked.stdout)\(checked.stderr)")
        } else {
            Issue.record("appstreamcli is missing: `make deps` installs appstream")
        }
        #expect(fm.fileExists(atPath: prefix + "/share/doc/ocean-rescue/LICENSE"))

        // The installed game, run where no folder up from it or from the binary holds
        // an assets/ (so no checkout can be found), plays and draws like the checkout's.
        for start in [elsewhere, prefix + "/bin"] {
            var dir = start
            while !dir.isEmpty {
                try #require(!fm.fileExists(atPath: dir + "/assets"), "\(dir)/assets would hide the installed assets")
                dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)])
            }
        }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": home + "/data",
                           "SWIFT_BACKTRACE": "enable=no"]
        let installed = prefix + "/bin/ocean"
        let sim = try run(installed, ["sim", "--games", "1", "--seed", "1", "--json"], in: elsewhere,
                          environment: environment)
        #expect(sim.status == 0, "installed ocean sim: \(sim.stderr)")
        let checkoutSim = try ocean(["sim", "--games", "1", "--seed", "1", "--json"], build: "release")
        #expect(sim.stdout == checkoutSim.stdout && !sim.stdout.isEmpty)

        try fm.copyItem(atPath: repoRoot + "/replays/idle-bot.replay", toPath: elsewhere + "/idle.replay")
        let render = try run(installed, ["replay", "render", "idle.replay", "--tick", "120", "--out", "frame.png"],
                             in: elsewhere, environment: environment)
        #expect(render.status == 0, "installed ocean replay render: \(render.stderr)")
        let checkoutFrame = elsewhere + "/checkout-frame.png"
        let checkoutRender = try ocean(["replay", "render", elsewhere + "/idle.replay", "--tick", "120",
                                        "--out", checkoutFrame], build: "release")
        #expect(checkoutRender.status == 0)
        #expect(fm.contents(atPath: elsewhere + "/frame.png") == fm.contents(atPath: checkoutFrame),
                "the installed game draws tick 120 unlike the checkout's")

        // Uninstall: only the other files and the folders they were in remain.
        let removed = try make("uninstall", prefix: prefix, home: home)
        #expect(removed.status == 0, "make uninstall: \(removed.stderr)")
        #expect(tree(prefix) == ["bin", "bin/other-game", "share", "share/applications", "share/applications/other.desktop"])
    }

    @Test func aRelativePrefixIsRefusedAndNothingIsWritten() throws {
        let home = freshFolder("home")
        let r = try make("install-built", prefix: "relative/prefix", home: home)
        #expect(r.status == 2)
        #expect(r.stderr.contains("PREFIX must be an absolute path, got 'relative/prefix'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: repoRoot + "/relative"))
    }

    // Issue 22: a manifest naming paths outside PREFIX ('..', absolute, through a
    // symbolic link) is refused by name and nothing at all is removed.
    @Test func uninstallRefusesManifestEntriesOutsideThePrefix() throws {
        let fm = FileManager.default
        let home = freshFolder("home"), outside = freshFolder("outside")
        fm.createFile(atPath: outside + "/victim", contents: Data("keep".utf8))
        for entry in ["../\(outside.split(separator: "/").last!)/victim", outside + "/victim", "link/victim", "bin/../../x", ""] {
            let prefix = freshFolder("prefix")
            try fm.createDirectory(atPath: prefix + "/share/ocean-rescue", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            fm.createFile(atPath: prefix + "/bin/ocean", contents: Data("x".utf8))
            #expect(symlink(outside, prefix + "/link") == 0)
            let manifest = "file bin/ocean\nfile \(entry)\ndir bin\n"
            fm.createFile(atPath: prefix + "/share/ocean-rescue/install-manifest", contents: Data(manifest.utf8))
            // freshFolder puts both under one parent, so '../outside-N/victim' from
            // the prefix's parent is only reached by leaving the prefix.
            let r = try make("uninstall", prefix: prefix, home: home)
            #expect(r.status == 2, "\(entry): \(r.stdout)")
            #expect(r.stderr.contains("install-manifest:2:") && r.stderr.contains("nothing was removed"), "\(r.stderr)")
            #expect(fm.fileExists(atPath: prefix + "/bin/ocean"), "\(entry): an entry inside was removed anyway")
            #expect(fm.fileExists(atPath: prefix + "/share/ocean-rescue/install-manifest"))
        }
        #expect(fm.contents(atPath: outside + "/victim") == Data("keep".utf8))
        // Redundant components are normalised, not refused.
        let prefix = freshFolder("prefix")
        try fm.createDirectory(atPath: prefix + "/share/ocean-rescue", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        fm.createFile(atPath: prefix + "/bin/ocean", contents: Data("x".utf8))
        fm.createFile(atPath: prefix + "/share/ocean-rescue/install-manifest",
                      contents: Data("file ./bin//ocean\ndir bin\ndir share/./ocean-rescue\ndir share\n".utf8))
        let r = try make("uninstall", prefix: prefix + "/", home: home)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(tree(prefix).isEmpty, "\(tree(prefix))")
    }

    @Test func theRootFolderAsPrefixIsRefusedByName() throws {
        let r = try make("uninstall", prefix: "/", home: freshFolder("home"))
        #expect(r.status == 2)
        #expect(r.stderr.contains("PREFIX '/' would put files straight into /bin"), "\(r.stderr)")
    }
}
