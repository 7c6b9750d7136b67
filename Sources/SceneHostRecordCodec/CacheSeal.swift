/// The seal at the end of the host's cache files: the HMAC-SHA256 of everything before it under
/// the user's secret cache key (`CacheKey` beside the probe cache).
///
/// A plain checksum catches damage, not forgery: whoever may write the file can recompute it. The
/// HMAC can be recomputed only with the key, so a cache rewritten by someone without it (another
/// entry, another file's verdict, re-sealed with a fresh SHA-256) does not verify and is not believed.
package struct CacheSeal: Sendable {
    /// The size of the key and of the seal, in bytes.
    package static let size = 32

    private let hmac: HMACSHA256

    /// A seal under `key`, which must be `size` random bytes (`CacheKey` reads and checks them).
    package init(key: [UInt8]) {
        hmac = HMACSHA256(key: key)
    }

    /// The seal of `bytes`.
    package func code(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.withUnsafeBytes { hmac.code($0) }
    }

    /// `bytes` with their seal after them: a whole file.
    package func sealed(_ bytes: [UInt8]) -> [UInt8] {
        bytes + code(bytes[...])
    }

    /// Whether the last `size` bytes of `file` are the seal of the bytes before `end` (`end` is
    /// `file.count - size`), compared in constant time.
    package func verifies(_ file: [UInt8], end: Int) -> Bool {
        guard end >= 0, end + Self.size == file.count else { return false }
        return file[end...].withUnsafeBytes { seal in
            file[..<end].withUnsafeBytes { hmac.verifies(seal, of: $0) }
        }
    }
}
