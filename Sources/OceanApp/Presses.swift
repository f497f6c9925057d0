import OceanFront
import OceanPlatform

extension CareerKey {
    /// A press as the career's screens and the pause menu read it: held arrows
    /// repeat, other held keys do not; a press of the button or a finger is a click.
    init?(_ press: FrameInput.Press) {
        switch press {
        case .key(let key, let repeated):
            switch key {
            case .up: self = .up
            case .down: self = .down
            case .left: self = .left
            case .right: self = .right
            case _ where repeated: return nil
            case .enter: self = .confirm
            case .space: self = .space
            case .escape: self = .back
            case .backspace: self = .backspace
            default: self = .other
            }
        case .text(let text): self = .text(text)
        case .press(let x, let y): self = .click(x: x, y: y)
        case .drag, .release: return nil
        }
    }
}
