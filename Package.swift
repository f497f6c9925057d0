// swift-tools-version:6.0
import PackageDescription

// Rooms by who uses them; a room uses only the rooms listed as its dependencies
// (see "Layout" in README.md).
let package = Package(
    name: "OceanRescue",
    products: [
        .executable(name: "ocean", targets: ["ocean"]),
        .library(name: "OceanKernel", targets: ["OceanKernel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Counts malloc calls so `ocean bench` can show the tick allocates nothing.
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
        // Saved and shipped data: TOML data files, the profile.
        .target(
            name: "OceanStore",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanFront",
                           .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The pure-Swift front: draws the game into a framebuffer (no SDL, no I/O).
        .target(name: "OceanFront", dependencies: ["OceanKernel", "OceanBalance"]),
        // The replay format: reading (hostile input), writing, verifying.
        .target(name: "OceanReplay", dependencies: ["OceanKernel", "OceanBalance", "OceanSystem"]),
        // Headless play: bots, game and career plans, runs, reports.
        .target(name: "OceanDrivers", dependencies: ["OceanKernel", "OceanBalance", "OceanReplay", "OceanSystem"]),
        // `ocean bench`: the kernel timed against a plain C loop, the renderer, the first frame.
        .target(name: "OceanBench", dependencies: ["OceanKernel", "OceanDrivers", "OceanSystem", "OceanFront", "CReferenceLoop"]),
        // The plain C loop the benchmark compares the kernel's item update against.
        .target(name: "CReferenceLoop", cSettings: [.unsafeFlags(["-O2"])]),
        // The pure DSP: ambient layers, gain curves over health, smoothing, effects,
        // limiter; the live device and `ocean audio render` call the same code.
        .target(name: "OceanAudio", dependencies: ["OceanKernel", "OceanBalance"]),
        // SDL2, SDL_mixer and SDL_image from the system (pkg-config); only OceanPlatform imports it.
        .systemLibrary(name: "CSDL2", pkgConfig: "SDL2_mixer",
                       providers: [.apt(["libsdl2-dev", "libsdl2-mixer-dev", "libsdl2-image-dev"])]),
        // The thin shell around the game: window, input, presenting, clock, PNG files.
        .target(name: "OceanPlatform", dependencies: ["CSDL2", "OceanFront", "OceanKernel", "OceanReplay", "OceanSystem",
                                                      "OceanAudio", "OceanBalance"]),
        // Balance sweeps: specs, statistics, halving, shards, charts, what-if over replays.
        .target(name: "OceanTune",
                dependencies: ["OceanKernel", "OceanBalance", "OceanDrivers", "OceanStore", "OceanSystem", "OceanReplay",
                               "OceanFront", .product(name: "TOMLKit", package: "TOMLKit")]),
        // The command-line tool: argument parsing and wiring only.
        .executableTarget(
            name: "ocean",
            dependencies: ["OceanKernel", "OceanBalance", "OceanSystem", "OceanStore", "OceanReplay", "OceanDrivers",
                           "OceanBench", "OceanAudio", "OceanFront", "OceanPlatform", "OceanTune",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "MallocInterposerSwift", package: "malloc-interposer")],
            // The interposer is a shared library, found beside the binary ($ORIGIN) in
            // .build; an installed `ocean` (PREFIX/bin) finds it in PREFIX/lib/ocean-rescue,
            // where `make install` puts it (scripts/install.sh).
            linkerSettings: [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../lib/ocean-rescue"])]
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
        .testTarget(name: "OceanCLITests", dependencies: ["TestSupport"]),
        .testTarget(name: "OceanFrontTests",
                    dependencies: ["OceanFront", "OceanKernel", "OceanBalance", "OceanStore", "OceanSystem", "OceanDrivers",
                                   "TestSupport"]),
        .testTarget(name: "OceanAudioTests",
                    dependencies: ["OceanAudio", "OceanBalance", "OceanKernel", "OceanStore", "OceanReplay",
                                   "OceanDrivers", "TestSupport"]),
        .testTarget(name: "FrameClockTests", dependencies: ["OceanFront"]),
        .testTarget(name: "OceanPlatformTests", dependencies: ["OceanPlatform", "OceanFront", "OceanKernel", "OceanStore", "OceanReplay",
                                                               "CSDL2", "TestSupport"]),
        .testTarget(name: "OceanTuneTests",
                    dependencies: ["OceanTune", "OceanDrivers", "OceanBalance", "OceanKernel", "OceanStore", "OceanFront",
                                   "TestSupport"]),
    ]
)
