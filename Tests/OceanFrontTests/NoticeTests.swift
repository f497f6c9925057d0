@testable import OceanAssets
@testable import OceanFront
import OceanKernel
import Testing
import TestSupport

@Suite struct NoticeTests {
    @Test func wrapsToItsColumnsAndCutsLongWords() {
        let n = Notice("b.toml:12: scoring.points_per_catch: expected a whole number\nNot applied.", isProblem: true,
                       until: .max, columns: 20, maxLines: 8)
        #expect(n.lines.allSatisfy { $0.count <= 20 })
        #expect(n.lines.first == "b.toml:12:" && n.lines.last == "Not applied.")
        let long = Notice(String(repeating: "x", count: 45), isProblem: false, until: 0, columns: 20)
        #expect(long.lines == [String(repeating: "x", count: 20), String(repeating: "x", count: 20), "xxxxx"])
        let many = Notice(String(repeating: "word ", count: 100), isProblem: false, until: 0, columns: 20, maxLines: 3)
        #expect(many.lines.count == 3 && many.lines[2].hasSuffix("…"))
    }

    @Test func isDrawnAcrossTheTopUntilItsTick() throws {
        let state = try scene(.thriving).state
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        var plain = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &plain)
        view.notice = Notice("balance.toml changed: it applies at the next game", isProblem: false,
                             until: state.tick + 1, columns: view.noticeColumns)
        var shown = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &shown)
        let top = 0..<(GameView.width * 12)
        #expect(top.filter { plain.pixels[$0] != shown.pixels[$0] }.count > 200, "the notice's strip and text")
        let below = (GameView.width * 40)..<(GameView.width * 300)
        #expect(below.allSatisfy { plain.pixels[$0] == shown.pixels[$0] }, "nothing else moves")
        view.notice = Notice("gone", isProblem: false, until: state.tick, columns: view.noticeColumns)
        var after = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &after)
        #expect(after.pixels == plain.pixels, "past its tick, not drawn")
    }
}
