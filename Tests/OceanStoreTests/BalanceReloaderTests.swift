import Foundation
import OceanKernel
import OceanStore
import Testing
import TestSupport

private let shippedBalanceText = (try? String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)) ?? ""

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

    /// Issue 22: a balance grown over the loader's limit, or replaced by a FIFO or a
    /// folder, is refused once with the reason (never silently ignored, never waited on).
    @Test func aFileTooBigOrNotRegularIsRefusedOnceWithTheReason() throws {
        let path = freshFolder("reloader") + "/b.toml"
        try shippedBalanceText.write(toFile: path, atomically: true, encoding: .utf8)
        var reloader = BalanceReloader(path: path)
        let big = shippedBalanceText + String(repeating: "# padding\n", count: BalanceLoader.maxBytes / 10 + 1)
        try big.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .refused(let why)? = reloader.look() else { Issue.record("a file over the limit is refused"); return }
        #expect(why.contains("over the limit of \(BalanceLoader.maxBytes) bytes"), "\(why)")
        #expect(reloader.look() == nil, "said once")

        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        let start = Date()
        guard case .refused(let fifo)? = reloader.look() else { Issue.record("a FIFO is refused"); return }
        #expect(fifo.contains("is a FIFO (named pipe), not a regular file"), "\(fifo)")
        #expect(Date().timeIntervalSince(start) < 2, "not waited on")
        #expect(reloader.look() == nil, "said once")

        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        guard case .refused(let folder)? = reloader.look() else { Issue.record("a folder is refused"); return }
        #expect(folder.contains("is a folder"), "\(folder)")

        // Back to a good file: news again.
        try FileManager.default.removeItem(atPath: path)
        try shippedBalanceText.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .changed? = reloader.look() else { Issue.record("a good file again is news"); return }
    }
}

@Suite struct BalanceHotReloadTests {
    /// A fresh career with the ocean at `health` and the phase the shipped rules give it.
    private func career(health: Int) throws -> GameState {
        var s = try GameState(rules: shippedRules, seed: 1)
        try (s.health, s.healthDayStart, s.phase) = (health, health, shippedRules.phase(forHealth: health))
        return s
    }

    @Test func anEditWaitsForTheGameAndOnlyIfTheCareerStillFitsIt() throws {
        let path = freshFolder("hot-reload") + "/b.toml"
        try shippedBalanceText.write(toFile: path, atomically: true, encoding: .utf8)
        var hot = BalanceHotReload(path: path)
        #expect(try hot.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: true) == (nil, nil))

        // Stabilizing from 40 %: a career at 50 % (Recovering) fits it; one at 30 %
        // (Stabilizing by the old bounds) would not.
        let raised = shippedBalanceText.replacingOccurrences(of: "stabilizing_from = 2500 ", with: "stabilizing_from = 4000 ")
        #expect(raised != shippedBalanceText)
        try raised.write(toFile: path, atomically: true, encoding: .utf8)
        var (news, apply) = try hot.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: false)
        #expect(news == .waiting && apply == nil && hot.waiting?.health.stabilizingFrom == 4_000)
        // Menu actions since moved the career where the edit cannot hold it: refused at the start.
        try (news, apply) = hot.look(state: career(health: 3_000), inPlay: shippedBalance, atStart: true)
        guard case .refused(let why)? = news else { Issue.record("\(String(describing: news))"); return }
        #expect(why.contains("does not fit") && why.contains("phase") && apply == nil && hot.waiting == nil)

        // Read when the career already does not fit it: refused at once.
        try shippedBalanceText.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try hot.look(state: career(health: 3_000), inPlay: shippedBalance, atStart: false).news == .sameAsInPlay)
        try raised.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .refused? = try hot.look(state: career(health: 3_000), inPlay: shippedBalance, atStart: false).news else {
            Issue.record("a misfit edit is refused when read"); return
        }
        // Fitting, waiting, then taken at the start: once.
        let more = raised.replacingOccurrences(of: "points_per_catch = 10 ", with: "points_per_catch = 12 ")
        try more.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try hot.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: false)
        try (news, apply) = hot.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: true)
        #expect(news == nil && apply?.scoring.pointsPerCatch == 12 && hot.waiting == nil)
        #expect(try hot.look(state: career(health: 5_000), inPlay: apply!, atStart: true) == (nil, nil))
        // A broken file: refused with the loader's own words.
        try more.replacingOccurrences(of: "points_per_catch = 12 ", with: "points_per_catch = \"x\" ")
            .write(toFile: path, atomically: true, encoding: .utf8)
        guard case .refused(let broken)? = hot.look(state: try career(health: 5_000), inPlay: apply!, atStart: true).news else {
            Issue.record("a broken edit is refused"); return
        }
        #expect(broken.contains("b.toml:") && broken.contains("scoring.points_per_catch"))
    }

    /// Issue 34: a reload passes a launch's checks (here, a kind renamed: the launch
    /// finds no sprite for it) and keeps the launched list of kinds (figures are kept
    /// by the kinds' places during a session).
    @Test func aReloadPassesTheLaunchsChecksAndKeepsTheKinds() throws {
        let path = freshFolder("hot-reload-kinds") + "/b.toml"
        let renamed = shippedBalanceText.replacingOccurrences(of: "[kind.cardboard]", with: "[kind.carton]")
        #expect(renamed != shippedBalanceText)
        try shippedBalanceText.write(toFile: path, atomically: true, encoding: .utf8)
        var hot = BalanceHotReload(path: path) { balance in
            balance.kinds.contains { $0.key == "carton" } ? "assets/sprites.txt: no sprite 'carton'" : nil
        }
        #expect(try hot.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: true) == (nil, nil))
        try renamed.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .refused(let why)? = try hot.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: true).news else {
            Issue.record("a renamed kind is refused"); return
        }
        #expect(why.contains("the kinds changed") && why.contains("cardboard") && why.contains("carton"), "\(why)")
        // The same list of kinds but a launch check failing: refused with the check's words.
        var strict = BalanceHotReload(path: path) { _ in "assets/impact.toml: kind.x: missing" }
        _ = try strict.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: true)
        try shippedBalanceText.replacingOccurrences(of: "points_per_catch = 10 ", with: "points_per_catch = 11 ")
            .write(toFile: path, atomically: true, encoding: .utf8)
        guard case .refused(let checked)? = try strict.look(state: career(health: 5_000), inPlay: shippedBalance, atStart: true).news else {
            Issue.record("a failing launch check is refused"); return
        }
        #expect(checked.contains("impact.toml"))
        _ = hot
    }
}
