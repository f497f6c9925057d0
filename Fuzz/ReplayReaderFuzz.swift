// libFuzzer entry point for the replay reader (`make fuzz SECONDS=N`).
//
// Every input must give a replay or a ReplayError, never a crash, a hang or an
// unbounded allocation. A replay that parses is also verified when it is short, so
// the kernel is fuzzed with whatever (in-range) balance a hostile header carries.

@_cdecl("LLVMFuzzerTestOneInput")
public func replayReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let read = try? ReplayReader.read(bytes: bytes, file: "fuzz") else { return 0 }
    let b = read.replay.header.balance
    let heavy = b.items.maxLive * max(1, read.replay.lastTick)
    if read.replay.lastTick <= 3_000 && heavy <= 5_000_000 {
        _ = ReplayVerifier.verify(read, keepGoing: true)
    }
    return 0
}
