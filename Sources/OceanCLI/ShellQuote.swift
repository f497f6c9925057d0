/// A word for a POSIX shell (sh, dash, bash) that stands for exactly `s`: as it is when
/// it is only letters, digits and `_./-` (and not empty), otherwise in single quotes,
/// each `'` written as `'\''`. For the commands a message suggests, so that pasting one
/// into a shell runs what it says with the path as one argument.
public func shellQuoted(_ s: String) -> String {
    let plain = !s.isEmpty && s.unicodeScalars.allSatisfy { c in
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9")
            || c == "_" || c == "." || c == "/" || c == "-"
    }
    if plain { return s }
    var out = "'"
    for c in s.unicodeScalars {
        if c == "'" { out += "'\\''" } else { out.unicodeScalars.append(c) }
    }
    return out + "'"
}
