/// The frame scaled by a whole number `k` into rows of `pitch` bytes, nearest pixel:
/// each source pixel written k times across and each row k times down (a row's copies
/// are one memcpy each). What the software renderer would do pixel by pixel through
/// its general stretch, in a tenth of the time; nothing is allocated.
enum WholeScale {
    static func scale(_ src: UnsafeBufferPointer<UInt32>, width: Int, height: Int, by k: Int,
                      into dst: UnsafeMutableRawPointer, pitch: Int) {
        precondition(k >= 1 && src.count >= width * height)
        let rowBytes = width * k * 4
        for y in 0..<height {
            let row = dst + y * k * pitch
            let out = row.assumingMemoryBound(to: UInt32.self)
            let line = src.baseAddress! + y * width
            if k == 2 {
                for x in 0..<width {
                    let p = line[x]
                    out[2 * x] = p
                    out[2 * x + 1] = p
                }
            } else {
                for x in 0..<width {
                    let p = line[x]
                    for j in 0..<k { out[x * k + j] = p }
                }
            }
            if k > 1 { for r in 1..<k { (row + r * pitch).copyMemory(from: row, byteCount: rowBytes) } }
        }
    }
}
