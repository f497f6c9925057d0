// libFuzzer entry point for the front's data files (`make fuzz-data SECONDS=N`): the
// first byte picks the parser, the rest is the file's text —
//   0 the bitmap font (`BitmapFont.parse`), then text drawn with it at every scale;
//   1 the sprite sheet (`SpriteSheet.parse`);
//   2 the pet's art (`SpriteSheet.parse` with the pet's required sprites, `PetSprites.check`);
//   3 a theme (TOML through `TOMLEntries.parse`, then `ThemeSchema.validate`).
//
// Every input must give a value or an error naming file, line and key: never a crash,
// a hang or an unbounded allocation; what is accepted must draw without trapping.

private nonisolated(unsafe) var canvasPixels = [UInt32](repeating: 0, count: 640 * 360)

@_cdecl("LLVMFuzzerTestOneInput")
public func dataFilesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    guard let text = String(validating: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self) else { return 0 }
    do throws(DataError) {
        switch data[0] % 4 {
        case 0:
            let font = try BitmapFont.parse(text: text, file: "font.txt")
            canvasPixels.withUnsafeMutableBufferPointer { buffer in
                let pen = TextPen(canvas: Canvas(pixels: buffer, width: 640, height: 360), font: font, shadow: 0)
                for scale in 1...6 {
                    _ = pen.text("Ocean Rescue 0123456789 gjpqy ~{}", x: 600 - 40 * scale, y: 350 - 20 * scale,
                                 scale: scale, 0xFFFFFFFF)
                    _ = pen.width("Milestones reached ", scale: scale)
                }
            }
        case 1:
            _ = try SpriteSheet.parse(text: text, file: "sprites.txt")
        case 2:
            let pet = try SpriteSheet.parse(text: text, file: "pet.txt", required: PetSprites.required)
            try PetSprites.check(pet, file: "pet.txt")
        default:
            let (entries, locator) = try TOMLEntries.parse(text, file: "theme.toml")
            _ = try ThemeSchema.validate(entries, file: "theme.toml", lineOfMissing: locator.nearestLine(of:))
        }
    } catch {
        precondition(!error.issues.isEmpty, "an error with no issue")
        _ = error.description
    }
    return 0
}
