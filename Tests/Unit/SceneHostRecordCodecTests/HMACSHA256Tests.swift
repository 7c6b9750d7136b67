import Foundation
import Testing
@testable import SceneHostRecordCodec

@Suite("HMACSHA256")
struct HMACSHA256Tests {
    /// RFC 4231's test cases 1, 2, 3, 6 and 7 (6 and 7: a key longer than a block, hashed first).
    @Test(
        "RFC 4231 test vectors",
        arguments: [
            (
                [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                Array(
                    "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                        .utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ])
    func vectors(key: [UInt8], message: [UInt8], code: String) {
        let hmac = HMACSHA256(key: key)
        let computed = message.withUnsafeBytes { hmac.code($0) }
        #expect(computed.map { String(format: "%02x", $0) }.joined() == code)
    }

    @Test("verifies its own code and refuses any code one bit or one byte off")
    func verification() {
        let hmac = HMACSHA256(key: Array("key".utf8))
        let message = Array("the cache file's bytes".utf8)
        let code = message.withUnsafeBytes { hmac.code($0) }
        message.withUnsafeBytes { message in
            #expect(code.withUnsafeBytes { hmac.verifies($0, of: message) })
            for index in [0, 17, 31] {
                var changed = code
                changed[index] ^= 0x01
                #expect(!changed.withUnsafeBytes { hmac.verifies($0, of: message) })
            }
            #expect(!Array(code.dropLast()).withUnsafeBytes { hmac.verifies($0, of: message) })
        }
        let other = HMACSHA256(key: Array("kez".utf8))
        #expect(!message.withUnsafeBytes { message in code.withUnsafeBytes { other.verifies($0, of: message) } })
    }
}
