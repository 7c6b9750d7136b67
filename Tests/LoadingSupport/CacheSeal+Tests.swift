import Foundation
@testable import SceneHostRecordCodec
@testable import SceneHostLoading

/// Seals for tests of the cache formats, and the key of a cache a host run wrote.
extension CacheSeal {
    /// A fixed key, for tests of the formats that never reach a host's cache file.
    package static let forTests = CacheSeal(key: Array(0..<UInt8(CacheSeal.size)))

    /// The seal of the key beside the probe cache `cache` (a host run created it, or `makeKey`).
    package static func beside(_ cache: String) throws -> CacheSeal {
        let key = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CacheKey.path(forProbeCache: cache))))
        guard key.count == CacheSeal.size else { throw CocoaError(.fileReadCorruptFile) }
        return CacheSeal(key: key)
    }

    /// Writes a new key (0600) beside the probe cache `cache`, as a host run would, and returns its seal.
    package static func makeKey(beside cache: String) throws -> CacheSeal {
        var generator = SystemRandomNumberGenerator()
        let key = (0..<CacheSeal.size).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let path = CacheKey.path(forProbeCache: cache)
        try Data(key).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        return CacheSeal(key: key)
    }
}

/// The formats under the fixed test key: the tests of what the bytes mean are not about the seal.
extension ProbeCacheFormat {
    package static func encode(_ entries: [String: ProbeCache.Entry]) -> [UInt8] { encode(entries, seal: .forTests) }
    package static func decode(_ file: [UInt8]) -> [String: ProbeCache.Entry]? { decode(file, seal: .forTests) }
    package static func sealed(_ bytes: [UInt8]) -> [UInt8] { CacheSeal.forTests.sealed(bytes) }
}
