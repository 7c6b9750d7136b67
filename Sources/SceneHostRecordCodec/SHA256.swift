import CSHA256

/// SHA-256 for `sha256` pins in `scenes.conf`, the probe cache's fingerprints and session keys.
///
/// FIPS 180-4 in C (`CSHA256`, built with optimization even in a debug build, and through the
/// processor's SHA instructions where it has them: a thousand plugins of 370 KB hash in about 0.3 s). Not swift-crypto: it imports Foundation, and the probe child
/// must load no library a plugin did not ask for (docs/decisions.md, "SHA-256 in C").
package struct SHA256 {
    /// The 32 bytes of the digest of `bytes`.
    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { digest($0) }
    }

    /// The 32 bytes of the digest of the bytes in `buffer`. `portable`: the C rounds only, never the
    /// processor's SHA instructions (the tests compare the two on a processor that has them).
    package static func digest(_ buffer: UnsafeRawBufferPointer, portable: Bool = false) -> [UInt8] {
        var context = scene_host_sha256()
        if portable { scene_host_sha256_init_portable(&context) } else { scene_host_sha256_init(&context) }
        if let base = buffer.baseAddress { scene_host_sha256_update(&context, base, buffer.count) }
        return [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            scene_host_sha256_final(&context, digest.baseAddress)
            count = 32
        }
    }

    /// The lower-case hex digest of `bytes`.
    package static func hexDigest(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hexDigest($0) }
    }

    /// The lower-case hex digest of the bytes in `buffer`.
    package static func hexDigest(_ buffer: UnsafeRawBufferPointer) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest(buffer) {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
