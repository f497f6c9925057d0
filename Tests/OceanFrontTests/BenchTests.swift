import OceanFront
import Testing
import TestSupport

/// The scenes `ocean-bench` times and counts (`BenchScenes`) draw what they say; the
/// timing itself is `make bench`'s.
@Suite struct BenchSceneTests {
    @Test func theBusySceneDrawsItsFrames() throws {
        var busy = try BenchScenes.Busy(assets: defaultAssets, rules: shippedRules)
        busy.render(3)
        #expect(Set(busy.framebuffer.pixels).count > 50, "a busy scene has many colours")
    }

    /// The career's screens include the milestones and a game's summary: the menu and
    /// the screen before the name, six pages from the menu, the milestones and the summary.
    @Test func theCareerScreensAreAllDrawn() throws {
        var career = BenchScenes.Career(assets: try defaultAssets, rules: try challengeRules, content: try careerContent)
        #expect(career.screens == 10)
        var seen: Set<[UInt32]> = []
        for n in 1...career.screens {
            career.render(n)  // the last of n frames shows screen n - 1
            seen.insert(career.framebuffer.pixels)
        }
        #expect(seen.count >= 9, "screens drawn alike: \(seen.count) different of \(career.screens)")
    }
}
