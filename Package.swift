// swift-tools-version:6.0
import PackageDescription

// Targets in layers; a target uses only the targets listed as its dependencies
// (see "Layout" in README.md).
let package = Package(
    name: "OceanRescue",
    products: [
        .executable(name: "ocean", targets: ["ocean"]),
        .executable(name: "ocean-bench", targets: ["ocean-bench"]),
        .executable(name: "ocean-headless", targets: ["ocean-headless"]),
        .library(name: "OceanKernel", targets: ["OceanKernel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Counts malloc calls so `ocean-bench` can show the tick allocates nothing: no
        // target links it; `make build` builds its library (`--product
        // MallocInterposerSwift`) and `make bench` preloads it (LD_PRELOAD).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // The deterministic simulation: standard library only.
        .target(name: "OceanKernel"),
        // Data-file schemas and their one validator; the balance's schema.
        .target(name: "OceanBalance", dependencies: ["OceanKernel"]),
        // What the operating system gives: reading files, atomic replacement, the
        // clock, asset paths, standard error. Glibc only, no Foundation.
        .target(name: "OceanSystem"),
        // What the front's data files hold, as types with their pure parsers and rules
        // (themes, sprites, the font, the pet's sprite names, the story and cards), and
        // the drawing primitives (framebuffer, colours, canvas, font pen) that the
        // front's screens and the tuning charts both draw with. No I/O.
        .target(name: "OceanAssets", dependencies: ["OceanKernel", "OceanBalance"]),
        // Saved and shipped data: TOML data files, the profile. Below the front: it
        // fills the assets' types, never the renderer's.
        .target(
            name: "OceanStore",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanAssets",
                           .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The pure-Swift front: draws the game into a framebuffer (no SDL, no I/O), live
        // or from a replay's inputs (the replay's types, never its files).
        .target(name: "OceanFront", dependencies: ["OceanKernel", "OceanBalance", "OceanAssets", "OceanReplay"]),
        // The replay format: reading (hostile input), writing, verifying.
        .target(name: "OceanReplay", dependencies: ["OceanKernel", "OceanBalance", "OceanSystem"]),
        // Headless play: bots, game and career plans, runs, reports.
        .target(name: "OceanDrivers", dependencies: ["OceanKernel", "OceanBalance", "OceanReplay", "OceanSystem"]),
        // The measurements `ocean-bench` makes: the kernel timed against a plain C loop,
        // allocations per tick, the audio DSP, the renderer, the first frame.
        .target(name: "OceanBench", dependencies: ["OceanKernel", "OceanBalance", "OceanDrivers", "OceanSystem", "OceanAssets",
                                                   "OceanFront", "OceanAudio",
                                                   "CReferenceLoop"]),
        // The plain C loop the benchmark compares the kernel's item update against.
        .target(name: "CReferenceLoop", cSettings: [.unsafeFlags(["-O2"])]),
        // The pure DSP: ambient layers, gain curves over health, smoothing, effects,
        // limiter; the live device and `ocean audio render` call the same code.
        .target(name: "OceanAudio", dependencies: ["OceanKernel", "OceanBalance"]),
        // SDL2, SDL_mixer and SDL_image from the system (pkg-config); only OceanPlatform imports it.
        .systemLibrary(name: "CSDL2", pkgConfig: "SDL2_mixer",
                       providers: [.apt(["libsdl2-dev", "libsdl2-mixer-dev", "libsdl2-image-dev"])]),
        // The thin shell around the game, SDL only: window, input, presenting, PNG files;
        // and the play session that runs the window loop (its policy: parts, saves, reloads).
        .target(name: "OceanPlatform", dependencies: ["CSDL2", "OceanAssets", "OceanFront", "OceanKernel", "OceanReplay", "OceanSystem",
                                                      "OceanAudio", "OceanBalance", "OceanDrivers", "OceanStore"]),
        // Balance sweeps: specs, statistics, halving, shards, charts (drawn with the
        // assets' primitives and font, not the game's screens), what-if over replays.
        .target(name: "OceanTune",
                dependencies: ["OceanKernel", "OceanBalance", "OceanDrivers", "OceanStore", "OceanSystem", "OceanReplay",
                               "OceanAssets", .product(name: "TOMLKit", package: "TOMLKit")]),
        // The command line's shared parts and the commands that need no SDL (tuning):
        // the error line, the checks of flags and files, `--balance`, `ocean tune`.
        .target(
            name: "OceanCLI",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanStore", "OceanReplay", "OceanDrivers",
                           "OceanAssets", "OceanTune",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The command-line tool: argument parsing and wiring only.
        .executableTarget(
            name: "ocean",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanStore", "OceanReplay", "OceanDrivers",
                           "OceanAudio", "OceanAssets", "OceanFront", "OceanPlatform", "OceanTune", "OceanCLI",
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
        // Found once for every test target above the kernel: the repository root, the
        // shipped balance loaded from its file.
        .target(name: "TestSupport", dependencies: ["OceanKernel", "OceanStore", "KernelTestSupport"], path: "Tests/TestSupport"),
        // For the kernel's tests, which use the kernel alone: the balances written as code.
        .target(name: "KernelTestSupport", dependencies: ["OceanKernel"], path: "Tests/KernelTestSupport"),
        .testTarget(name: "OceanKernelTests", dependencies: ["OceanKernel", "KernelTestSupport"]),
        .testTarget(name: "OceanStoreTests",
                    dependencies: ["OceanStore", "OceanBalance", "OceanKernel", "OceanSystem", "OceanDrivers", "TestSupport",
                                   "KernelTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "OceanReplayTests",
                    dependencies: ["OceanReplay", "OceanDrivers", "OceanBalance", "OceanKernel", "TestSupport"]),
        .testTarget(name: "OceanDriversTests", dependencies: ["OceanDrivers", "OceanKernel", "TestSupport"]),
        // The command line end to end (the built programs) and in the tests' own process
        // (`@testable import ocean`: the same commands, parsing and exit statuses).
        .testTarget(name: "OceanCLITests", dependencies: ["TestSupport", "ocean", "OceanCLI"]),
        .testTarget(name: "OceanFrontTests",
                    dependencies: ["OceanFront", "OceanAssets", "OceanKernel", "OceanBalance", "OceanStore", "OceanSystem",
                                   "OceanDrivers", "TestSupport",
                                   // Only for the screenshot generators' PNGs (SDL_image, no display).
                                   "OceanPlatform"]),
        .testTarget(name: "OceanAudioTests",
                    dependencies: ["OceanAudio", "OceanBalance", "OceanKernel", "OceanStore", "OceanReplay",
                                   "OceanDrivers", "TestSupport"]),
        .testTarget(name: "FrameClockTests", dependencies: ["OceanFront"]),
        .testTarget(name: "OceanPlatformTests", dependencies: ["OceanPlatform", "OceanAssets", "OceanFront", "OceanKernel", "OceanStore", "OceanReplay",
                                                               "CSDL2", "TestSupport"]),
        .testTarget(name: "OceanTuneTests",
                    dependencies: ["OceanTune", "OceanDrivers", "OceanBalance", "OceanKernel", "OceanStore", "OceanAssets",
                                   "OceanPlatform", "TestSupport"]),
    ]
)
