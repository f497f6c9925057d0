import OceanKernel
import OceanSystem

/// Watches the balance file a window plays with, so a designer who saves it feels
/// the change at the next game. It compares the file's bytes with those last read
/// (no clock, no notification API): a save that changes nothing is no news.
public struct BalanceReloader {
    /// What a look at the file found.
    public enum News: Equatable {
        /// The file changed and validates: these constants are its new contents.
        case changed(Balance)
        /// The file changed and does not validate: every problem, as the loader says it.
        case refused(String)
    }

    public let path: String
    private var seen: [UInt8]?

    /// Starts from the file as it reads now (the constants already in play).
    public init(path: String) {
        self.path = path
        seen = readFileBytes(path, limit: 1 << 20)
    }

    /// Nil while the file reads as last time; otherwise what it now holds. A file
    /// that cannot be read (mid-save, removed) is no news until it reads again.
    public mutating func look() -> News? {
        guard let bytes = readFileBytes(path, limit: 1 << 20), bytes != seen else { return nil }
        seen = bytes
        do { return .changed(try BalanceLoader.load(path: path)) } catch { return .refused(error.description) }
    }
}
