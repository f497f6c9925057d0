import OceanKernel
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

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
    /// The last reason the file could not be read, said once until it changes.
    private var seenProblem: String?

    /// Starts from the file as it reads now (the constants already in play).
    public init(path: String) {
        self.path = path
        seen = try? PathName(path).read(limit: BalanceLoader.maxBytes)
    }

    /// Nil while the file reads as last time; otherwise what it now holds. A file
    /// that is missing (mid-save, removed) is no news until it reads again; one that
    /// cannot be used — over `BalanceLoader.maxBytes`, replaced by a FIFO or a folder
    /// (refused without waiting on it), unreadable — is refused, once, with the reason.
    public mutating func look() -> News? {
        let bytes: [UInt8]
        do { bytes = try PathName(path).read(limit: BalanceLoader.maxBytes) } catch {
            guard error.code != ENOENT else { return nil }
            let why = "\(error.path): \(error.message)"
            guard why != seenProblem else { return nil }
            seenProblem = why
            seen = nil
            return .refused(why)
        }
        seenProblem = nil
        guard bytes != seen else { return nil }
        seen = bytes
        do { return .changed(try BalanceLoader.load(path: path)) } catch { return .refused(error.description) }
    }
}
