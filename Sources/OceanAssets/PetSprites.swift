import OceanBalance
import OceanKernel

/// What `assets/pet.txt` must hold and the rules a sprite file cannot state: the
/// names of every body, face part, icon and scene, and the anchors of each body. The
/// front resolves the sheet to pixels (`PetArt`); the store checks the file with this.
public enum PetSprites {
    /// Names in the file: `pet.cat.baby`, `eyes.missing_you`, `scene.night`…
    public static func key(_ stage: PetStage) -> String { stage.name.lowercased() }
    public static func key(_ mood: PetMood) -> String { mood == .missingYou ? "missing_you" : mood.name.lowercased() }
    public static func key(_ scene: PetScene) -> String { scene.name.lowercased() }
    public static func body(_ form: PetForm, _ stage: PetStage) -> String { "pet.\(form.key).\(key(stage))" }

    /// Every sprite `assets/pet.txt` must hold.
    public static let required: [String] = {
        var names: [String] = []
        for form in PetForm.allCases { for stage in PetStage.allCases { names.append(body(form, stage)) } }
        for mood in PetMood.allCases {
            let m = key(mood)
            names += ["eyes.\(m)", "mouth.\(m)", "accent.\(m).1", "accent.\(m).2", "icon.\(m)"]
        }
        names += ["eyes.blink", "sparkle.1", "sparkle.2"]
        names += PetScene.allCases.map { "scene.\(key($0))" }
        return names
    }()

    /// The rules a sprite file cannot state: every body has two `eye` anchors on one
    /// row and one `mouth` anchor below them. Problems name the file and the body's line.
    public static func check(_ sheet: SpriteSheet, file: String) throws(DataError) {
        var issues: [DataIssue] = []
        for form in PetForm.allCases {
            for stage in PetStage.allCases {
                let name = body(form, stage)
                guard let sprite = sheet.sprite(name) else { continue }
                let eyes = sheet.points(of: "eye", in: name), mouth = sheet.points(of: "mouth", in: name)
                func problem(_ message: String) {
                    issues.append(DataIssue(file: file, line: sprite.line, key: nil, message: "sprite '\(name)': \(message)"))
                }
                if eyes.count != 2 || eyes[0].y != eyes[1].y {
                    problem("needs two 'eye' anchors on one row (found \(eyes.count))")
                } else if mouth.count != 1 || mouth[0].y <= eyes[0].y {
                    problem("needs one 'mouth' anchor below the eyes (found \(mouth.count))")
                }
            }
        }
        guard issues.isEmpty else { throw DataError(issues: issues) }
    }
}
