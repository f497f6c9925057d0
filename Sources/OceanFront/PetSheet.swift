import OceanAssets
import OceanKernel

/// A contact sheet of the pet for people to look at (`docs/screenshots/pet-sheet.png`),
/// every cell drawn by `PetPortrait` at the HUD's size: every form at every stage,
/// every form in every mood (each in the scene that mood comes with), one pet in each
/// scene, its idle frames and reactions, and two pets at twice the size, as a pet
/// screen would show them. Not drawn per frame, so it may build strings.
public enum PetSheet {
    static let cellW = 164, cellH = 82, gap = 8, label = 12, header = 18
    static let columns = 5

    /// The sheet, drawn with `assets`.
    public static func render(assets: FrontAssets) -> Framebuffer {
        let theme = assets.theme
        let portrait = PetPortrait(art: PetArt(sheet: assets.pet, theme: theme))
        let width = gap + columns * (cellW + gap)
        let row = label + cellH + gap
        let height = 3 * header + 10 * row + 2 * row + (label + 2 * cellH + gap) + header + gap
        var fb = Framebuffer(width: width, height: height)
        fb.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: width, height: height)
            canvas.fill(x: 0, y: 0, w: width, h: height, Colour.opaque(theme.panel))
            let pen = TextPen(canvas: canvas, font: assets.font, shadow: Colour.opaque(theme.textShadow))
            var y = gap
            func title(_ text: String) {
                pen.text(text, x: gap, y: y + 2, scale: 1, Colour.opaque(theme.accent))
                y += header
            }
            func cell(_ column: Int, _ name: String, _ pet: PetState, _ scene: PetScene, tick: Int = 60,
                      fraction: Double = 0, reaction: PetReaction? = nil, size: Int = 1) {
                let x = gap + column * (cellW + gap)
                pen.text(name, x: x, y: y, scale: 1, Colour.opaque(theme.text))
                portrait.draw(canvas, pet: pet, scene: scene,
                              in: Layout.Rect(x: x, y: y + label, w: cellW * size + (size - 1) * gap, h: cellH * size),
                              tick: tick, fraction: fraction, reaction: reaction)
            }
            func pet(_ form: PetForm, _ stage: PetStage, _ mood: PetMood = .happy) -> PetState {
                var p = PetState()
                p.adopted = true
                (p.form, p.stage, p.mood) = (form, stage, mood)
                return p
            }

            title("Every form at every stage (happy, indoor)")
            for form in PetForm.allCases {
                for stage in PetStage.allCases {
                    cell(stage.rawValue, "\(stage.name) \(form.name)", pet(form, stage), .indoor)
                }
                y += row
            }
            title("Every mood, in the scene it comes with (stages vary)")
            let moodScene: [PetScene] = [.outdoor, .outdoor, .work, .night, .indoor]
            for form in PetForm.allCases {
                for mood in PetMood.allCases {
                    let stage = PetStage(rawValue: (form.rawValue + mood.rawValue) % PetStage.allCases.count)!
                    cell(mood.rawValue, "\(mood.name) \(stage.name)", pet(form, stage, mood), moodScene[mood.rawValue])
                }
                y += row
            }
            title("Scenes, idle frames and reactions")
            for scene in PetScene.allCases {
                cell(scene.rawValue, scene.name, pet(.cat, .child), scene)
            }
            cell(4, "Idle: hop", pet(.cat, .child), .outdoor, tick: 30)
            y += row
            var reaction = PetReaction(theme: theme)
            reaction.observe(.petEvolved(to: .teen), tick: 0)
            reaction.observe(.petMoodChanged(from: .happy, to: .excited), tick: 1_000)
            let evolve = reaction.evolveTicks, mood = reaction.moodTicks
            cell(0, "Evolving: flash", pet(.bunny, .teen), .outdoor, tick: evolve / 10, reaction: reaction)
            cell(1, "Evolving: white", pet(.bunny, .teen), .outdoor, tick: evolve / 4 / 8 * 8, reaction: reaction)
            cell(2, "Evolving: burst", pet(.bunny, .teen), .outdoor, tick: evolve * 3 / 4, reaction: reaction)
            cell(3, "Mood: pop", pet(.dog, .adult, .excited), .outdoor, tick: 1_000 + mood / 8, reaction: reaction)
            cell(4, "Blink", pet(.dog, .adult), .indoor, tick: 2)
            y += row
            title("At twice the size (a pet screen)")
            cell(0, "Adult Dragon, excited", pet(.dragon, .adult, .excited), .outdoor, size: 2)
            cell(2, "Elder Dog, sleepy", pet(.dog, .elder, .sleepy), .night, size: 2)
        }
        return fb
    }
}
