import Foundation

// libFuzzer entry point for what `ocean tune eval` reads a line with (`make
// fuzz-tune-eval SECONDS=N`): any bytes through `JSONDuplicateKeys.first`, which walks
// a line's JSON for a key given twice, and, for a line Foundation's decoder accepts,
// the same walk again. Every input must give a key or nil: never a crash or a hang
// (the walk stops at the text's end whatever the brackets and escapes say).

@_cdecl("LLVMFuzzerTestOneInput")
public func tuneEvalLineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let found = JSONDuplicateKeys.first(in: Substring(text))
    if (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil {
        // A text the decoder takes: the walk agrees with itself and names a key that is in it.
        precondition(JSONDuplicateKeys.first(in: Substring(text)) == found, "the walk is not a function of the text")
        if let key = found { precondition(text.contains("\"") || key.isEmpty, "a duplicate key in a text without strings") }
    }
    return 0
}
