import OceanAssets
import OceanFront
@testable import OceanKernel
import Testing
import TestSupport

/// The view draws whatever state it is handed (a restored snapshot, a replay seek, a
/// hand-edited profile) without trapping: huge and negative numbers, items far off
/// screen, every pet form, stage and mood, fractions outside 0...1.
@Suite struct RobustnessTests {
    static func odd(_ i: Int) throws -> GameState {
        var s = try GameState(rules: shippedRules, seed: UInt64(i))
        s.tick = [0, 1, 59, Int.max / 4][i % 4]
        s.mode = [Mode.idle, .playing, .roundBreak][i % 3]
        s.round = [0, 1, 99][i % 3]
        s.health = [0, Rules.fullHealth, -5, Rules.fullHealth * 3][i % 4]
        s.phase = Phase(rawValue: i % 5)!
        s.game.score = [0, 999_999_999_999, Int.max, Int.min][i % 4]
        s.game.combo = [0, 1_000_000, -3][i % 3]
        s.game.grams = [0, Int.max / 2][i % 2]
        s.career.gramsToday = [0, 123_456_789, -7][i % 3]
        s.career.level = [1, 1_000, 0][i % 3]
        s.career.streak = [0, 9_999][i % 2]
        s.career.pet.adopted = i % 2 == 0
        s.career.pet.form = PetForm(rawValue: i % 5)!
        s.career.pet.stage = PetStage(rawValue: i % 5)!
        s.career.pet.mood = PetMood(rawValue: i % 5)!
        let far = Fixed.px(1_000_000)
        for (j, kind) in ItemKind.shipped.enumerated() {
            try s.items.append(Item(x: [-far, far, 0, shippedRules.width][j % 4], y: [-far, far, shippedRules.waterLine][j % 3],
                                vx: Int32.max, vy: Int32.min, ax: 0, kind: kind))
        }
        return s
    }

    @Test func oddStatesRenderWithoutTrapping() throws {
        for i in 0..<20 {
            let state = try Self.odd(i)
            let view = try GameView(assets: shippedAssets, rules: shippedRules, seed: UInt64(i))
            view.observe(state, events: [])
            let summary = GameSummary(game: Int.max, catches: -1, misses: Int.max, bestCombo: 0,
                                      score: Int.max, grams: Int.max, perfect: true)
            view.observe(state, events: [.caught(kind: .glassBottle, grams: Int.max, combo: 3, points: Int.max, multiplier: 1, x: shippedMiddleX),
                                         .missed(kind: .plasticBag, x: shippedMiddleX), .phaseChanged(from: .thriving, to: .polluted),
                                         .gameOver(summary)])
            view.paused = i % 2 == 1
            var fb = Framebuffer(width: GameView.width, height: GameView.height)
            for fraction in [-1.0, 0, 0.5, 1, 2, .nan, .infinity] { view.render(state, fraction: fraction, into: &fb) }
            #expect(fb.pixels.allSatisfy { $0 >> 24 == 0xFF })
        }
    }
}
