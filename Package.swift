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
    ],
    targets: [
        // The deterministic simulation: standard library only.
        .target(name: "OceanKernel"),
        // Everything that feeds or reads the kernel without being the front:
        // balance loading, bots, headless runs, benchmarks.
        .target(
            name: "OceanSim",
            dependencies: ["OceanKernel", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        .executableTarget(
            name: "ocean",
            dependencies: ["OceanSim", "OceanKernel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "OceanKernelTests", dependencies: ["OceanKernel", "OceanSim"]),
        .testTarget(name: "OceanSimTests", dependencies: ["OceanSim", "OceanKernel"]),
        .testTarget(name: "OceanCLITests", dependencies: ["OceanSim", "OceanKernel"]),
    ]
)
