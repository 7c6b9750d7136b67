/// HMAC-SHA256 (RFC 2104) over `SHA256`: the seal of the host's cache files (`CacheSeal`).
package struct HMACSHA256: Sendable {
    /// The key padded to a block (64 bytes), as the two passes use it.
    private let block: [UInt8]

    /// An HMAC under `key`; a key longer than a block is hashed first, as RFC 2104 says.
    package init(key: [UInt8]) {
        var block = key.count > 64 ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        self.block = block
    }

    /// The 32-byte code of the bytes in `message`.
    package func code(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var inner = block.map { $0 ^ 0x36 }
        inner.append(contentsOf: message)
        return SHA256.digest(block.map { $0 ^ 0x5C } + SHA256.digest(inner))
    }

    /// Whether `code` is the code of `message`, compared in constant time (no early exit on the
    /// first differing byte, which would tell a forger how much of a guess was right).
    package func verifies(_ code: UnsafeRawBufferPointer, of message: UnsafeRawBufferPointer) -> Bool {
        let expected = self.code(message)
        guard code.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<expected.count { difference |= expected[index] ^ code[index] }
        return difference == 0
    }
}
