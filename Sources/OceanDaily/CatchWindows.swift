import OceanKernel
import OceanSystem

/// What tells a copy of a run from a run of its own (GAME_RULES §7): the day's items
/// fall the same for everyone, so when an item is caught is the day's; where the bin
/// was when it caught it is the player's. Two people never hold the bin on the same
/// pixel for a run of catches; a copy of a rival's inputs, edited anywhere after, does
/// until the edit. A run's catches are cut into windows of `size`, each fingerprinted
/// by its catches' ticks and the bin's pixel at each; a window where the bin barely
/// moved (fewer than `leastPlaces` places: an idle bin, one against a wall) proves
/// nothing and is left out. A run sharing `sharedToCopy` windows with a stored run of
/// the day follows it catch for catch: a copy, whatever its inputs. One is enough (it
/// always was for a run of one window): at two, a thief kept a rival's first 31
/// catches and played on from there.
public enum CatchWindows {
    public static let size = 16
    public static let leastPlaces = 4
    public static let sharedToCopy = 1

    /// The windows' fingerprints, 16 hex digits each, in order.
    public static func fingerprints(ticks: [Int], bins: [Int]) -> [String] {
        var out: [String] = []
        var start = 0
        while start + size <= min(ticks.count, bins.count) {
            let pixels = (start..<start + size).map { bins[$0] / Fixed.one }
            if Set(pixels).count >= leastPlaces {
                var h = FNV1a64()
                for i in start..<start + size {
                    h.write(UInt64(bitPattern: Int64(ticks[i])))
                    h.write(UInt64(bitPattern: Int64(pixels[i - start])))
                }
                out.append(hex16(h.value))
            }
            start += size
        }
        return out
    }
}
