/// How the logical screen is scaled into a window's output: by a whole number,
/// nearest pixel, when the output holds the logical size at least once (crisp
/// pixels, letterboxed); by the fraction that fits, filtered, when it is smaller
/// (the whole frame, never cropped: SDL's integer scale would show a corner of it).
struct WindowScaling: Equatable {
    let wholeNumbers: Bool
    let filtered: Bool
    /// Output pixels per logical pixel.
    let scale: Double

    init(outputWidth: Int, outputHeight: Int, logicalWidth: Int, logicalHeight: Int) {
        let fit = min(Double(outputWidth) / Double(logicalWidth), Double(outputHeight) / Double(logicalHeight))
        wholeNumbers = fit >= 1
        filtered = fit < 1
        scale = fit >= 1 ? fit.rounded(.down) : fit
    }
}
