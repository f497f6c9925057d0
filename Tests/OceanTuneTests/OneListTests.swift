import Foundation
import OceanKernel
import OceanStore
@testable import OceanTune
import Testing
import TestSupport

/// Lists with one source: what the tuner calls a phase, and the themes the pause
/// menu offers, come from the kernel's phases and the themes folder.
@Suite struct OneListTests {
    @Test func everyDaysToMetricNamesAMilestoneAndEveryMilestoneHasOne() {
        let metrics = Metric.allCases.map(\.rawValue).filter { $0.hasPrefix(Metric.daysToPrefix) }
            .map { String($0.dropFirst(Metric.daysToPrefix.count)) }
        #expect(metrics == CareerOutcome.milestones)
        for phase in Phase.allCases.dropFirst() { #expect(CareerOutcome.milestones.contains(phase.key)) }
    }

    @Test func theShippedThemesAreTheThemesFolder() throws {
        #expect(FrontAssetsLoader.shippedThemes.first == "default")
        let files = try FileManager.default.contentsOfDirectory(atPath: repoRoot + "/assets/themes")
            .filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }
        #expect(Set(FrontAssetsLoader.shippedThemes) == Set(files))
    }
}
