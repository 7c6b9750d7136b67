#if canImport(Glibc)
import Glibc
#endif

/// How many connections `serve` keeps open at once, and how long an idle one may stay.
///
/// A slow or flooding client must not take the server's descriptors: connections past `maximum`
/// wait in the listen queue (they are not accepted) until others close, and a connection that
/// sends nothing for `idleTimeout` is closed. `maximum` stays below the descriptor limit, which
/// `raisingDescriptorLimit` first raises from the soft to the hard limit.
public struct WebConnectionLimits: Sendable, Equatable {
    public let maximum: Int
    public let idleTimeout: Duration

    public init(maximum: Int, idleTimeout: Duration) {
        self.maximum = maximum
        self.idleTimeout = idleTimeout
    }

    /// Descriptors kept back from connections: the listening socket, the workers' channels and
    /// standard streams, probe children's files, the SQLite files plugins open.
    static let reserved = 64

    /// Raises this process's soft descriptor limit to the hard one, and returns the limits that
    /// leave `reserved` (plus two per worker) of the descriptors for everything else.
    public static func raisingDescriptorLimit(workers: Int, idleTimeout: Duration) -> WebConnectionLimits {
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is all ones; clamping makes it (and any huge limit) Int.max, which the cap below bounds.
        let descriptors = Int(clamping: limit.rlim_cur)
        return WebConnectionLimits(maximum: max(8, min(10_000, descriptors &- reserved &- 2 * workers)), idleTimeout: idleTimeout)
    }
}
