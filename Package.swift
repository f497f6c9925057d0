// swift-tools-version:6.0
import PackageDescription

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
        // Balance constants: their schema and validation (no file format).
        .target(name: "OceanBalance", dependencies: ["OceanKernel"]),
        // The replay format: reading (hostile input), writing, verifying.
        .target(name: "OceanReplay", dependencies: ["OceanKernel", "OceanBalance"]),
        // Everything that feeds or reads the kernel without being the front:
        // balance loading, bots, headless runs, benchmarks.
        .target(
            name: "OceanSim",
            dependencies: ["OceanKernel", "OceanBalance", "OceanReplay", "CReferenceLoop", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The plain C loop `ocean bench` compares the kernel's item update against.
        .target(name: "CReferenceLoop", cSettings: [.unsafeFlags(["-O2"])]),
        .executableTarget(
            name: "ocean",
            dependencies: ["OceanSim", "OceanKernel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "MallocInterposerSwift", package: "malloc-interposer")]
        ),
        .testTarget(name: "OceanKernelTests", dependencies: ["OceanKernel", "OceanBalance", "OceanSim"]),
        .testTarget(name: "OceanSimTests", dependencies: ["OceanSim", "OceanKernel", "OceanBalance", "OceanReplay"]),
        .testTarget(name: "OceanCLITests", dependencies: ["OceanSim", "OceanKernel"]),
    ]
)
