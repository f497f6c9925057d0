import OceanFront
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// With `OCEAN_FRONT_BENCH=SECONDS`, prints how fast the busy Thriving scene renders
/// (run it in release: `swift test -c release -Xswiftc -enable-testing --filter renderSpeed`).
/// Without it, renders a few frames so the bench itself stays working.
@Test func renderSpeed() {
    let seconds = getenv("OCEAN_FRONT_BENCH").flatMap { Double(String(cString: $0)) } ?? 0.01
    let (frames, took) = RenderBench.run(seconds: seconds, assets: defaultAssets, rules: shippedRules)
    #expect(frames > 0)
    print("render bench: \(frames) frames in \(took) s = \(Int(Double(frames) / took)) frames/s")
}
