import OceanAssets
import OceanKernel

/// The pet's art from `assets/pet.txt`, resolved to pixels for one theme once, at
/// start: a body per form and stage (with its eye and mouth anchors), eyes, a mouth
/// and two frames of an accent per mood, an icon per mood (popped on a mood change),
/// the evolution's sparkle and a backdrop per scene. Drawing only looks these up.
public struct PetArt: Sendable {
    /// A body and where its face goes: the top-left cells of the two eyes and the mouth.
    struct Body: Sendable {
        let bitmap: Bitmap
        let leftEye: (x: Int, y: Int)
        let rightEye: (x: Int, y: Int)
        let mouth: (x: Int, y: Int)
    }

    /// Indexed by `form.rawValue * stages + stage.rawValue`.
    let bodies: [Body]
    /// Indexed by `PetMood.rawValue`.
    let eyes: [Bitmap]
    let blink: Bitmap
    let mouths: [Bitmap]
    /// Two idle frames per mood: `mood.rawValue * 2 + frame`.
    let accents: [Bitmap]
    let icons: [Bitmap]
    let sparkles: [Bitmap]
    /// Indexed by `PetScene.rawValue`.
    let scenes: [Bitmap]

    static let stages = PetStage.allCases.count
    static func key(_ stage: PetStage) -> String { PetSprites.key(stage) }
    static func key(_ mood: PetMood) -> String { PetSprites.key(mood) }
    static func key(_ scene: PetScene) -> String { PetSprites.key(scene) }
    static func body(_ form: PetForm, _ stage: PetStage) -> String { PetSprites.body(form, stage) }

    init(sheet: SpriteSheet, theme: Theme) {
        func art(_ name: String) -> Bitmap { sheet.bitmap(name, theme: theme) }
        var bodies: [Body] = []
        for form in PetForm.allCases {
            for stage in PetStage.allCases {
                let name = PetArt.body(form, stage)
                let eyes = sheet.points(of: "eye", in: name), mouth = sheet.points(of: "mouth", in: name)
                bodies.append(Body(bitmap: art(name), leftEye: eyes.first ?? (0, 0), rightEye: eyes.last ?? (0, 0),
                                   mouth: mouth.first ?? (0, 0)))
            }
        }
        self.bodies = bodies
        let moods = PetMood.allCases.map(PetArt.key)
        eyes = moods.map { art("eyes.\($0)") }
        blink = art("eyes.blink")
        mouths = moods.map { art("mouth.\($0)") }
        accents = moods.flatMap { [art("accent.\($0).1"), art("accent.\($0).2")] }
        icons = moods.map { art("icon.\($0)") }
        sparkles = [art("sparkle.1"), art("sparkle.2")]
        scenes = PetScene.allCases.map { art("scene.\(PetArt.key($0))") }
    }

    func body(_ form: PetForm, _ stage: PetStage) -> Body { bodies[form.rawValue * PetArt.stages + stage.rawValue] }
}
