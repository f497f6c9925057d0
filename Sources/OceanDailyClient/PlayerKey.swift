import Crypto
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The player's Ed25519 key pair for the Daily Ocean: made on first use and kept in
/// the data folder (`daily-key`: the private key's 32 bytes in base64, readable by the
/// owner only). The first run posted under a name binds that name to its public key.
public enum PlayerKey {
    public static let fileName = "daily-key"

    /// The key at `path`, or a new one saved there (written whole, then renamed, so a
    /// crash leaves the old file or the new one, never half of one).
    public static func loadOrCreate(path: String, retry: Bool = true) throws -> Curve25519.Signing.PrivateKey {
        if let text = readTextFile(path, limit: 4096) {
            let trimmed = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
            guard let bytes = Base64.decode(trimmed), bytes.count == 32,
                  let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes) else {
                throw FileError(path: path, message: "not a Daily Ocean key (32 bytes in base64); move it away to make a new one")
            }
            return key
        }
        let key = Curve25519.Signing.PrivateKey()
        do {
            let writer = try AtomicWriter(path: path, overwrite: false)
            // The private key is the owner's alone, before it is in place.
            chmod(writer.temporary, 0o600)
            try writer.write(Base64.encode(Array(key.rawRepresentation)) + "\n")
            try writer.commit()
        } catch {
            // Another `ocean` made it first (two submits on a first day): that key is the one.
            guard error.code == EEXIST, retry else { throw error }
            return try loadOrCreate(path: path, retry: false)
        }
        return key
    }

    /// `daily-key` in the data folder (made if missing), or nil with no data folder.
    public static func defaultPath() -> String? {
        guard let folder = DataFolder.path() else { return nil }
        _ = folder.split(separator: "/").reduce("") { partial, part in
            let next = partial + "/" + part
            mkdir(next, 0o700)
            return next
        }
        return folder + "/" + fileName
    }
}

/// The key's type under a name the command line can use without importing Crypto.
public typealias Curve25519SigningKey = Curve25519.Signing.PrivateKey
