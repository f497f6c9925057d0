import Foundation
import OceanStore
import Testing
import TestSupport

private let shippedBalanceText = try! String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)

@Suite struct BalanceReloaderTests {
    @Test func aSaveIsNewsOnceAndABrokenOneSaysWhy() throws {
        let path = freshFolder("reloader") + "/b.toml"
        try shippedBalanceText.write(toFile: path, atomically: true, encoding: .utf8)
        var reloader = BalanceReloader(path: path)
        #expect(reloader.look() == nil, "the constants already in play are no news")
        try shippedBalanceText.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(reloader.look() == nil, "saved unchanged: no news")

        let edited = shippedBalanceText.replacingOccurrences(of: "points_per_catch = 10 ", with: "points_per_catch = 12 ")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .changed(let b)? = reloader.look() else { Issue.record("an edit is news"); return }
        #expect(b.scoring.pointsPerCatch == 12)
        #expect(reloader.look() == nil, "once")

        let broken = edited.replacingOccurrences(of: "points_per_catch = 12 ", with: "points_per_catch = -3 ")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .refused(let why)? = reloader.look() else { Issue.record("a broken edit is refused"); return }
        let line = broken.components(separatedBy: "\n").firstIndex { $0.hasPrefix("points_per_catch") }! + 1
        #expect(why.contains("b.toml:\(line): scoring.points_per_catch"), "\(why)")

        // Removed mid-save: no news until it reads again.
        try FileManager.default.removeItem(atPath: path)
        #expect(reloader.look() == nil)
    }
}
