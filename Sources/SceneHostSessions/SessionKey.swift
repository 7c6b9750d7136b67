import SceneHostRecordCodec

/// What a store knows a session by: the SHA-256 of the secret in the browser's cookie, never the
/// secret itself, so a copy of the sessions table takes over no session.
package struct SessionKey: Hashable, Sendable {
    /// The 32 bytes of the digest.
    package let digest: [UInt8]

    /// The key of the session whose cookie holds `secret`.
    package init(secret: String) {
        digest = SHA256.digest(Array(secret.utf8))
    }

    /// A key read back from a store's row (32 bytes; anything else is no key of ours).
    package init?(digest: [UInt8]) {
        guard digest.count == 32 else { return nil }
        self.digest = digest
    }

    /// The digest as 64 hex digits (PostgreSQL's and the logs' form).
    package var hex: String {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
