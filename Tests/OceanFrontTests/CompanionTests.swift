import OceanAssets
@testable import OceanFront
import OceanKernel
import Testing
import TestSupport

/// The e-ink companion's picture: pure black and white, its words inside the picture
/// and apart, the same pixels for the same career, at the common panel sizes.
@Suite struct CompanionTests {
    @Test(arguments: [(296, 128), (400, 300)]) func pureBlackAndWhiteWithItsWordsApart(width: Int, height: Int) throws {
        var sim = try challengeCareer(challengeRules)
        sim.state.career.gramsToday = 1_000_000_000
        let log = TextBoxLog()
        let fb = CompanionPicture.render(sim.state, rules: try challengeRules, assets: try defaultAssets, width: width, height: height,
                                         log: log)
        #expect(fb.pixels.allSatisfy { $0 == CompanionPicture.black || $0 == CompanionPicture.white })
        // The dithered pet: both inks in its square, in a pattern (not a solid block).
        let blacks = fb.pixels.filter { $0 == CompanionPicture.black }.count
        #expect(blacks > fb.pixels.count / 20 && blacks < fb.pixels.count * 3 / 4)
        #expect(log.boxes.count >= 8)
        #expect(log.problems(width: width, height: height).isEmpty, "\(log.problems(width: width, height: height))")
        let again = CompanionPicture.render(sim.state, rules: try challengeRules, assets: try defaultAssets, width: width, height: height)
        #expect(again.pixels == fb.pixels)
    }

    /// Words readable at 296×128: one pixel of font is one pixel of the panel at least,
    /// the health's words and today's grams among them.
    @Test func theSmallPanelSaysHealthPhaseGramsAndStreak() throws {
        let sim = try challengeCareer(challengeRules)
        let log = TextBoxLog()
        _ = CompanionPicture.render(sim.state, rules: try challengeRules, assets: try defaultAssets, width: 296, height: 128, log: log)
        let words = log.boxes.map(\.text)
        for w in ["Ocean ", sim.state.phase.name, "Today ", "Streak "] { #expect(words.contains(w), "\(w) in \(words)") }
    }
}
