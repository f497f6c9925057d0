// swift-tools-version:6.1
import PackageDescription

// Targets in layers; a target uses only the targets listed as its dependencies
// (see "Layout" in README.md).

// The modules whose loops the tests run by the million (the tick, the pixels, the
// samples, replays) are optimized in debug builds too: the tests then run these at
// release speed in process, and the debug build still checks every overflow and
// precondition (`-O` keeps them). Without cross-module optimization: no other module
// inlines their bodies, so an incremental build never keeps a stale copy of one.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O", "-disable-cmo"], .when(configuration: .debug))]

let package = Package(
    name: "OceanRescue",
    products: [
        .executable(name: "ocean", targets: ["ocean"]),
        .executable(name: "ocean-bench", targets: ["ocean-bench"]),
        .executable(name: "ocean-headless", targets: ["ocean-headless"]),
        // The Daily Ocean's server: a product of its own, so the game links no server stack.
        .executable(name: "ocean-server", targets: ["ocean-server"]),
        // The TOML reader behind toml-test's decoder interface (`make toml-test`).
        .executable(name: "toml-test-decoder", targets: ["toml-test-decoder"]),
        .library(name: "OceanKernel", targets: ["OceanKernel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Counts malloc calls so `ocean-bench` can show the tick allocates nothing: no
        // target links it; `make build` builds its library (`--product
        // MallocInterposerSwift`) and `make bench` preloads it (LD_PRELOAD).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        // `ocean-server` (issue 33): the HTTP server, its two databases, the players' keys.
        // Its default traits off: swift-configuration and full Foundation are not used,
        // and every fresh build (CI's) would compile them twice (tools 6.1 for `traits:`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Already under Hummingbird; named for the verifying threads and the logs.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Already under Hummingbird: the request parts a connection's guard reads.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        // The server's `/metrics`: counted through swift-metrics, shown in Prometheus's format.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
    ],
    targets: [
        // The deterministic simulation: standard library only.
        .target(name: "OceanKernel", swiftSettings: optimizedInDebug),
        // Data-file schemas and their one validator; the balance's schema.
        .target(name: "OceanBalance", dependencies: ["OceanKernel"]),
        // The strict TOML 1.0 reader every data file and tune spec is read with: pure
        // Swift, no dependencies (not even Foundation); values keep their positions.
        .target(name: "OceanTOML"),
        // What the operating system gives: reading files, atomic replacement, the
        // clock, asset paths, standard error. Glibc only, no Foundation.
        .target(name: "OceanSystem"),
        // What the front's data files hold, as types with their pure parsers and rules
        // (themes, sprites, the font, the pet's sprite names, the story and cards), and
        // the drawing primitives (framebuffer, colours, canvas, font pen) that the
        // front's screens and the tuning charts both draw with. No I/O.
        .target(name: "OceanAssets", dependencies: ["OceanKernel", "OceanBalance"], swiftSettings: optimizedInDebug),
        // Saved and shipped data: TOML data files, the profile. Below the front: it
        // fills the assets' types, never the renderer's.
        .target(
            name: "OceanStore",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanAssets", "OceanTOML"]
        ),
        // The pure-Swift front: draws the game into a framebuffer from the state and the
        // tick's events (no SDL, no I/O, no replays: the app drives it).
        .target(name: "OceanFront", dependencies: ["OceanKernel", "OceanBalance", "OceanAssets"], swiftSettings: optimizedInDebug),
        // The replay format: reading (hostile input), writing, verifying.
        .target(name: "OceanReplay", dependencies: ["OceanKernel", "OceanBalance", "OceanSystem"], swiftSettings: optimizedInDebug),
        // Headless play: bots, game and career plans, runs, reports.
        .target(name: "OceanDrivers", dependencies: ["OceanKernel", "OceanBalance", "OceanReplay", "OceanSystem"], swiftSettings: optimizedInDebug),
        // The measurements `ocean-bench` makes: the kernel timed against a plain C loop,
        // allocations per tick, the audio DSP, the renderer, the first frame.
        .target(name: "OceanBench", dependencies: ["OceanKernel", "OceanBalance", "OceanDrivers", "OceanReplay", "OceanSystem", "OceanAssets",
                                                   "OceanFront", "OceanAudio",
                                                   "CReferenceLoop"]),
        // The plain C loop the benchmark compares the kernel's item update against.
        .target(name: "CReferenceLoop", cSettings: [.unsafeFlags(["-O2"])]),
        // The pure DSP: ambient layers, gain curves over health, smoothing, effects,
        // limiter; the live device and `ocean audio render` call the same code.
        .target(name: "OceanAudio", dependencies: ["OceanKernel", "OceanBalance"], swiftSettings: optimizedInDebug),
        // SDL2, SDL_mixer and SDL_image from the system (pkg-config); only OceanPlatform imports it.
        .systemLibrary(name: "CSDL2", pkgConfig: "SDL2_mixer",
                       providers: [.apt(["libsdl2-dev", "libsdl2-mixer-dev", "libsdl2-image-dev"])]),
        // A game being played, recorded and saved: the recorder, the command queue, the
        // recording parts, balance reloads, saves, quitting as abandoned, the tick's
        // events handed to observers. No SDL, no drawing.
        .target(name: "OceanSession", dependencies: ["OceanKernel", "OceanBalance", "OceanReplay", "OceanDrivers", "OceanStore", "OceanSystem",
                                                     "OceanDaily"]),
        // The shell around the game, SDL only, no policy: the window, one input value per
        // frame, presenting, the audio device, PNG files, display loss, pacing, and the
        // one window loop that runs a scene.
        .target(name: "OceanPlatform", dependencies: ["CSDL2", "OceanAssets", "OceanAudio", "OceanBalance", "OceanKernel", "OceanSystem"]),
        // The scenes in the window (play, watch) over the session, the front, the sound
        // and the platform; what `ocean play` and `ocean replay watch` run.
        .target(name: "OceanApp", dependencies: ["OceanSession", "OceanFront", "OceanAudio", "OceanPlatform", "OceanAssets",
                                                 "OceanBalance", "OceanKernel", "OceanReplay", "OceanStore", "OceanSystem", "OceanDaily"]),
        // Balance sweeps: specs, statistics, halving, shards, charts (drawn with the
        // assets' primitives and font, not the game's screens), what-if over replays.
        .target(name: "OceanTune",
                dependencies: ["OceanKernel", "OceanBalance", "OceanDrivers", "OceanStore", "OceanSystem", "OceanReplay",
                               "OceanAssets", "OceanTOML", "OceanDaily"]),
        // The command line's shared parts and the commands that need no SDL (tuning):
        // the error line, the checks of flags and files, `--balance`, `ocean tune`.
        .target(
            name: "OceanCLI",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanStore", "OceanReplay", "OceanDrivers",
                           "OceanAssets", "OceanTune",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The Daily Ocean's contract, which the client and the server both use and
        // neither owns: the day's game and seed, what a run's signature covers, what a
        // run must be and how it is verified (once).
        .target(name: "OceanDaily",
                dependencies: ["OceanKernel", "OceanBalance", "OceanReplay", "OceanSystem",
                               .product(name: "Crypto", package: "swift-crypto")]),
        // libcurl from the system (TLS from the system too), behind typed calls.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // A Daily Ocean player's side: the Ed25519 key pair kept in the data folder and
        // the bounded HTTP client of `ocean daily submit` and `leaderboard`.
        .target(name: "OceanDailyClient",
                dependencies: ["OceanDaily", "OceanSystem", "OceanStore", "CCurl",
                               .product(name: "Crypto", package: "swift-crypto")]),
        // The Daily Ocean's server: verifies each posted run once on a bounded pool of
        // threads, keeps runs in SQLite or PostgreSQL, binds names to keys, renders the
        // day's page. Only `ocean-server` links it.
        .target(name: "OceanServer",
                dependencies: ["OceanKernel", "OceanBalance", "OceanReplay", "OceanSystem", "OceanDaily",
                               .product(name: "Hummingbird", package: "hummingbird"),
                               .product(name: "SQLiteNIO", package: "sqlite-nio"),
                               .product(name: "PostgresNIO", package: "postgres-nio"),
                               .product(name: "Crypto", package: "swift-crypto"),
                               .product(name: "NIOCore", package: "swift-nio"),
                               .product(name: "NIOPosix", package: "swift-nio"),
                               .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                               .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                               .product(name: "Metrics", package: "swift-metrics"),
                               .product(name: "Prometheus", package: "swift-prometheus"),
                               .product(name: "Logging", package: "swift-log")]),
        // The command-line tool: argument parsing and wiring only.
        .executableTarget(
            name: "ocean",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanStore", "OceanReplay", "OceanDrivers",
                           "OceanAudio", "OceanAssets", "OceanFront", "OceanPlatform", "OceanSession", "OceanApp", "OceanTune",
                           "OceanCLI", "OceanDaily", "OceanDailyClient",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The Daily Ocean's server program: its flags and one call (`make image` ships it).
        .executableTarget(
            name: "ocean-server",
            dependencies: ["OceanCLI", "OceanServer", "OceanDaily", "OceanStore", "OceanSystem",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `ocean tune` without SDL, for a container or a batch node (`make image`).
        .executableTarget(
            name: "ocean-headless",
            dependencies: ["OceanCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The benchmark as its own program (`make bench`): the game binary links no
        // malloc interposer, and neither does this one: `make bench` builds the
        // interposer's library (`--product MallocInterposerSwift`) and preloads it
        // (LD_PRELOAD), as its README says; the bench finds its counters at run time.
        .executableTarget(
            name: "ocean-bench",
            dependencies: ["OceanBench", "OceanKernel", "OceanBalance", "OceanSystem", "OceanStore", "OceanDrivers",
                           "OceanAudio", "OceanAssets", "OceanFront",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // toml-test's decoder: TOML on standard input, its tagged JSON on standard
        // output, exit 1 with a message for a text that is not TOML 1.0.
        .executableTarget(name: "toml-test-decoder", dependencies: ["OceanTOML"]),
        // Found once for every test target above the kernel: the repository root, the
        // shipped balance loaded from its file.
        .target(name: "TestSupport", dependencies: ["OceanKernel", "OceanStore", "KernelTestSupport"], path: "Tests/TestSupport"),
        // For the kernel's tests, which use the kernel alone: the balances written as code.
        .target(name: "KernelTestSupport", dependencies: ["OceanKernel"], path: "Tests/KernelTestSupport"),
        .testTarget(name: "OceanKernelTests", dependencies: ["OceanKernel", "KernelTestSupport"]),
        .testTarget(name: "OceanTOMLTests", dependencies: ["OceanTOML"]),
        .testTarget(name: "OceanStoreTests",
                    dependencies: ["OceanStore", "OceanBalance", "OceanKernel", "OceanSystem", "OceanDrivers", "TestSupport",
                                   "KernelTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "OceanReplayTests",
                    dependencies: ["OceanReplay", "OceanDrivers", "OceanBalance", "OceanKernel", "TestSupport"]),
        .testTarget(name: "OceanDriversTests", dependencies: ["OceanDrivers", "OceanKernel", "OceanBalance", "TestSupport"]),
        .testTarget(name: "OceanSessionTests",
                    dependencies: ["OceanSession", "OceanKernel", "OceanReplay", "OceanStore", "TestSupport"]),
        .testTarget(name: "OceanAppTests",
                    dependencies: ["OceanApp", "OceanDaily", "OceanSession", "OceanPlatform", "OceanFront", "OceanAssets", "OceanKernel",
                                   "OceanReplay", "OceanStore", "TestSupport"]),
        // The command line end to end (the built programs) and in the tests' own process
        // (`@testable import ocean`: the same commands, parsing and exit statuses).
        .testTarget(name: "OceanCLITests", dependencies: ["TestSupport", "ocean", "OceanCLI"]),
        .testTarget(name: "OceanFrontTests",
                    dependencies: ["OceanFront", "OceanAssets", "OceanKernel", "OceanBalance", "OceanStore", "OceanSystem",
                                   "OceanDrivers", "OceanReplay", "TestSupport",
                                   // Only for the screenshot generators' PNGs (SDL_image, no display)
                                   // and the replays' frames the app draws.
                                   "OceanPlatform", "OceanApp"]),
        .testTarget(name: "OceanAudioTests",
                    dependencies: ["OceanAudio", "OceanBalance", "OceanKernel", "OceanStore", "OceanReplay",
                                   "OceanDrivers", "TestSupport"]),
        .testTarget(name: "FrameClockTests", dependencies: ["OceanPlatform"]),
        .testTarget(name: "OceanPlatformTests", dependencies: ["OceanPlatform", "OceanAssets", "OceanFront", "OceanKernel", "OceanStore",
                                                               "CSDL2", "TestSupport"]),
        // The server end to end: the built `ocean-server` serving on 127.0.0.1, SQLite and PostgreSQL.
        .testTarget(name: "OceanServerTests",
                    dependencies: ["OceanServer", "OceanDaily", "OceanSystem", "TestSupport",
                                   .product(name: "Crypto", package: "swift-crypto")]),
        // The Daily contract (the day's game, signatures, verifying a run) and the client.
        .testTarget(name: "OceanDailyTests",
                    dependencies: ["OceanDaily", "OceanDailyClient", "OceanDrivers", "OceanReplay", "OceanKernel", "OceanStore",
                                   "OceanSystem", "TestSupport", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "OceanTuneTests",
                    dependencies: ["OceanTune", "OceanDrivers", "OceanBalance", "OceanKernel", "OceanStore", "OceanAssets",
                                   "OceanPlatform", "OceanDaily", "TestSupport"]),
    ]
)
