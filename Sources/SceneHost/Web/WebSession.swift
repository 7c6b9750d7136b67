/// One browser's app: its own session of scenes (stack, modals, DataStores: in a scene worker, or
/// on a navigator here), its form token, and the message of its last failed action.
@MainActor
public final class WebSession {
    /// The cookie value that names it: 32 random bytes, hex.
    public let id: String
    /// Every form of this session carries it; a post without it is refused.
    public let token: String
    public let app: any WebAppSession
    /// When a request last used it, for idle expiry.
    var lastUsed: ContinuousClock.Instant
    /// The error of the last action, shown once on the next page.
    public var pendingError: String?
    /// The state of the session its pages show: every form carries it, and an action applied moves
    /// it on, so a form from an older state (another tab, an earlier page) applies nothing.
    public internal(set) var version = 0
    /// Whether its user ever acted (posted a form): sessions nobody acted in are evicted first, so
    /// a flood of anonymous page loads cannot push out someone's work.
    public internal(set) var acted = false

    init(app: any WebAppSession, now: ContinuousClock.Instant) {
        self.id = Self.randomHex()
        self.token = Self.randomHex()
        self.app = app
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
