import OceanBalance
@testable import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanSystem
import Testing
import TestSupport

/// The pet's portrait: every form, stage, mood and scene draws from `assets/pet.txt`,
/// each looks its own, it idles with the tick, and its reactions come and go.
@Suite struct PetTests {
    let portrait: PetPortrait
    init() throws { portrait = try PetPortrait(art: PetArt(sheet: defaultAssets.pet, theme: defaultAssets.theme)) }
    /// The HUD's pet box (164 × 82) inside a small screen.
    static let box = Layout.Rect(x: 8, y: 6, w: 164, h: 82)

    func pet(_ form: PetForm = .cat, _ stage: PetStage = .adult, _ mood: PetMood = .happy) -> PetState {
        var p = PetState()
        p.adopted = true
        (p.form, p.stage, p.mood) = (form, stage, mood)
        return p
    }

    /// The portrait alone on a 180 × 96 screen.
    func draw(_ pet: PetState, _ scene: PetScene = .indoor, tick: Int = 60, fraction: Double = 0,
              reaction: PetReaction? = nil, in rect: Layout.Rect = PetTests.box) -> [UInt32] {
        var fb = Framebuffer(width: 180, height: 96)
        fb.pixels.withUnsafeMutableBufferPointer { buffer in
            portrait.draw(Canvas(pixels: buffer, width: 180, height: 96), pet: pet, scene: scene, in: rect,
                          tick: tick, fraction: fraction, reaction: reaction)
        }
        return fb.pixels
    }

    func differing(_ a: [UInt32], _ b: [UInt32]) -> Int { zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) } }

    @Test func everyFormStageMoodAndSceneDrawsInsideItsBox() {
        let box = PetTests.box
        for form in PetForm.allCases {
            for stage in PetStage.allCases {
                for mood in PetMood.allCases {
                    for scene in PetScene.allCases {
                        let pixels = draw(pet(form, stage, mood), scene)
                        // Nothing outside the box: the screen's black stays black there.
                        let outside = pixels.indices.filter {
                            let (x, y) = ($0 % 180, $0 / 180)
                            return !(x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h)
                        }
                        #expect(outside.allSatisfy { pixels[$0] == 0xFF00_0000 }, "\(form) \(stage) \(mood) \(scene)")
                    }
                }
            }
        }
    }

    @Test func eachStageOfAFormLooksDifferent() {
        for form in PetForm.allCases {
            let looks = PetStage.allCases.map { draw(pet(form, $0)) }
            for i in looks.indices { for j in looks.indices where i < j {
                #expect(differing(looks[i], looks[j]) > 100, "\(form): \(PetStage(rawValue: i)!) vs \(PetStage(rawValue: j)!)")
            } }
        }
    }

    @Test func eachMoodShowsInTheFace() {
        for form in PetForm.allCases {
            // Tick 60 is the idle frame every mood shares the height of but excited's hop,
            // so compare faces at a still moment: the same scene, no reaction.
            let looks = PetMood.allCases.map { draw(pet(form, .teen, $0), tick: 0 + 200) }
            for i in looks.indices { for j in looks.indices where i < j {
                #expect(differing(looks[i], looks[j]) > 20, "\(form): \(PetMood(rawValue: i)!) vs \(PetMood(rawValue: j)!)")
            } }
            #expect(differing(draw(pet(form, .adult, .sleepy)), draw(pet(form, .adult, .happy))) > 20)
        }
    }

    @Test func theNightIsDarkerThanTheOutdoorsAndEveryBackdropDiffers() {
        func luma(_ pixels: [UInt32]) -> Double {
            Double(pixels.reduce(0) { $0 + Colour.luma($1) }) / Double(pixels.count)
        }
        let looks = PetScene.allCases.map { draw(pet(), $0) }
        #expect(luma(looks[PetScene.night.rawValue]) + 40 < luma(looks[PetScene.outdoor.rawValue]))
        for i in looks.indices { for j in looks.indices where i < j { #expect(differing(looks[i], looks[j]) > 2_000) } }
    }

    @Test func itIdlesWithTheTickAndTheSameTickDrawsTheSamePixels() {
        for mood in PetMood.allCases {
            let p = pet(.dog, .child, mood)
            let frames = Set((0..<240).map { draw(p, tick: $0) })
            #expect(frames.count >= 2, "\(mood) has \(frames.count) idle frames")
            #expect(draw(p, tick: 77, fraction: 0.4) == draw(p, tick: 77, fraction: 0.4))
        }
        // A blink closes the eyes for a few ticks: compared with a tick whose idle and
        // accent frames are the same, so only the blink can tell them apart.
        let happy = pet(.cat, .child, .happy)
        let idle = PetPortrait.idleTicks[PetMood.happy.rawValue]
        func frames(_ t: Int) -> [Int] { [(t / idle) % 2, (t / PetPortrait.accentTicks) % 2] }
        let shut = PetPortrait.blinkEvery
        let open = (shut + PetPortrait.blinkTicks..<(3 * shut)).first {
            frames($0) == frames(shut) && $0 % PetPortrait.blinkEvery >= PetPortrait.blinkTicks
        }
        #expect(open != nil && draw(happy, tick: shut) != draw(happy, tick: open ?? shut))
    }

    @Test func aLargerBoxDrawsALargerPet() {
        #expect(PetPortrait.scale(for: PetTests.box) == 3)
        #expect(PetPortrait.scale(for: Layout.Rect(x: 0, y: 0, w: 328, h: 164)) == 6)
        #expect(PetPortrait.scale(for: Layout.Rect(x: 0, y: 0, w: 20, h: 10)) == 1)
        _ = draw(pet(.bunny, .elder), in: Layout.Rect(x: 0, y: 0, w: 20, h: 10))
    }

    /// A view that saw `events` and one that did not, drawn at `tick`: how many pixels differ.
    func reactionShows(_ events: [Event], at tick: Int) throws -> Int {
        var state = try scene(.recovering).state
        let seen = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        let unseen = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        seen.observe(state, events: [])
        unseen.observe(state, events: [])
        seen.observe(state, events: events)
        unseen.observe(state, events: [])
        let start = state.tick
        state.tick = start + tick
        var a = Framebuffer(width: 640, height: 360), b = Framebuffer(width: 640, height: 360)
        seen.render(state, fraction: 0, into: &a)
        unseen.render(state, fraction: 0, into: &b)
        return difference(a, b)
    }

    @Test func anEvolutionShowsForItsTimeThenStops() throws {
        let ticks = try PetReaction(theme: defaultAssets.theme).evolveTicks
        let evolved: [Event] = [.petEvolved(to: .teen)]
        for t in [0, ticks / 4, ticks / 2, ticks - 1] { #expect(try reactionShows(evolved, at: t) > 50, "tick \(t)") }
        for t in [ticks, ticks + 1, ticks * 3] { #expect(try reactionShows(evolved, at: t) == 0, "tick \(t)") }
    }

    @Test func aMoodChangeBouncesAndPopsItsIconThenStops() throws {
        let ticks = try PetReaction(theme: defaultAssets.theme).moodTicks
        let changed: [Event] = [.petMoodChanged(from: .happy, to: .focused)]
        for t in [ticks / 8, ticks / 4, ticks / 2] { #expect(try reactionShows(changed, at: t) > 20, "tick \(t)") }
        for t in [ticks, ticks + 5] { #expect(try reactionShows(changed, at: t) == 0, "tick \(t)") }
    }

    @Test func theShippedArtHasEverySpriteAndBrokenArtIsRefusedWithItsLine() throws {
        let path = repoRoot + "/assets/pet.txt"
        let text = try #require(readTextFile(path))
        _ = try SpriteSheet.parse(text: text, file: path, required: PetSprites.required)

        func issues(_ text: String) -> [DataIssue] {
            do {
                let sheet = try SpriteSheet.parse(text: text, file: "pet.txt", required: PetSprites.required)
                try PetSprites.check(sheet, file: "pet.txt")
                return []
            } catch { return error.issues }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func line(of prefix: String) -> Int { 1 + lines.firstIndex { $0.hasPrefix(prefix) }! }

        // The baby cat's second row one cell short: named by its line.
        let first = line(of: "sprite pet.cat.baby")
        var short = lines
        short[first + 1] = String(short[first + 1].dropLast())
        #expect(issues(short.joined(separator: "\n")).contains { $0.file == "pet.txt" && $0.line == first + 2 })

        // A body without its mouth anchor: named by its sprite line.
        let dog = line(of: "sprite pet.dog.adult")
        var mute = lines
        let mouthRow = (dog..<lines.count).first { lines[$0].contains("m") }!
        mute[mouthRow] = String(mute[mouthRow].map { $0 == "m" ? "h" : $0 })
        #expect(issues(mute.joined(separator: "\n")).contains { $0.line == dog && $0.message.contains("mouth") })

        // A missing sprite is named.
        let noNight = text.replacingFirst("sprite scene.night", with: "sprite scene.nite")
        #expect(issues(noNight).contains { $0.message.contains("scene.night") })
    }
}
