import Crypto
import Foundation

/// SHA-256 for `sha256` pins in `scenes.conf` and the probe cache's fingerprints.
///
/// A thin wrapper over swift-crypto (`Crypto.SHA256`, BoringSSL's compiled C and assembly): it runs
/// at hundreds of MB/s even in a debug build, where the former hand-written Swift hashed ~4 MB/s and a
/// 50 MB plugin took longer than a probe may.
package struct SHA256 {
    /// The 32 bytes of the digest of `bytes`.
    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { Array(Crypto.SHA256.hash(data: $0)) }
    }

    /// The lower-case hex digest of `bytes`.
    package static func hexDigest(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hexDigest($0) }
    }

    /// The lower-case hex digest of the bytes in `buffer`.
    package static func hexDigest(_ buffer: UnsafeRawBufferPointer) -> String {
        let digest = Crypto.SHA256.hash(data: buffer)
        let hexDigits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
