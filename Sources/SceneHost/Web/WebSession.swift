/// One browser's app: its own navigator (stack, modals, DataStores), its form token, and the
/// message of its last failed action. Lives on the main actor, like the scenes it holds.
@MainActor
public final class WebSession {
    /// The cookie value that names it: 32 random bytes, hex.
    public let id: String
    /// Every form of this session carries it; a post without it is refused.
    public let token: String
    public let navigator: Navigator
    /// When a request last used it, for idle expiry.
    var lastUsed: ContinuousClock.Instant
    /// The error of the last action, shown once on the next page.
    public var pendingError: String?

    init(navigator: Navigator, now: ContinuousClock.Instant) {
        self.id = Self.randomHex()
        self.token = Self.randomHex()
        self.navigator = navigator
        self.lastUsed = now
    }

    /// 32 bytes from the system's secure generator, as 64 hex digits.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
