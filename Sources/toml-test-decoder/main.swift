// toml-test's decoder interface: a TOML document on standard input; on standard
// output its value as toml-test's tagged JSON (each scalar as {"type", "value"},
// arrays as arrays, tables as objects, in document order); exit 0. A text that is
// not TOML 1.0: the reader's message on standard error, exit 1.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OceanTOML

/// All of `text` to the file descriptor (the C streams are global state Swift 6 will
/// not touch from top-level code).
func emit(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { exit(2) }
        bytes = bytes.dropFirst(n)
    }
}

var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 1 << 16)
while true {
    let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if n < 0 && errno == EINTR { continue }
    if n < 0 {
        emit("toml-test-decoder: cannot read standard input\n", to: 2)
        exit(2)
    }
    if n == 0 { break }
    input.append(contentsOf: chunk[0..<n])
}

let document: TOMLTable
do {
    document = try TOMLReader.parse(bytes: input)
} catch {
    emit("\(error)\n", to: 2)
    exit(1)
}

var out = ""
TaggedJSON.write(table: document, into: &out)
out += "\n"
emit(out, to: 1)
exit(0)
