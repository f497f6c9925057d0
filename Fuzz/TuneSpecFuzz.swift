// libFuzzer entry point for the tune spec reader (`make fuzz-tune SECONDS=N`): any
// bytes as a spec's text through `TuneSpecReader.parse`, and a spec it accepts through
// `PointSampler.values` (the grid, list, random and Latin-hypercube points), so every
// limit the reader checks is one the sampler's arithmetic stays within.
//
// Every input must give a spec or an error naming file, line and key: never a crash,
// a hang or an unbounded allocation.

@_cdecl("LLVMFuzzerTestOneInput")
public func tuneSpecFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    let spec: TuneSpec
    do { spec = try TuneSpecReader.parse(text, file: "fuzz.toml") } catch {
        precondition(!error.issues.isEmpty, "an error with no issue")
        _ = error.description
        return 0
    }
    let points = PointSampler.values(for: spec)
    for p in points { precondition(p.count == spec.axes.count, "a point without a value per key") }
    if spec.sampling == .grid { precondition(points.count <= TuneSpec.maxPoints, "a grid over the limit was accepted") }
    for (i, axis) in spec.axes.enumerated() {
        if let range = axis.range, spec.sampling == .random || spec.sampling == .latin {
            for p in points { precondition(range.contains(p[i]), "a drawn value outside its range") }
        }
    }
    return 0
}
