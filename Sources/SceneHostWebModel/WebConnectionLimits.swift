#if canImport(Glibc)
import Glibc
#endif

/// How many connections `serve` serves at once, and how long a client may take.
///
/// A slow or flooding client must not take the server's descriptors: a connection that sends
/// nothing for `idleTimeout` is closed, a request's head must arrive within `headerTimeout` and
/// its body within `bodyTimeout` of the head (so a client trickling bytes is closed too). Past
/// `maximum` open connections, a request is answered 503 (with Retry-After) and its connection
/// closed; past `maximum + sheddingRoom`, connections wait in the listen queue (not accepted) until
/// others close. Both stay below the descriptor limit, which `raisingDescriptorLimit` first raises
/// from the soft to the hard limit.
package struct WebConnectionLimits: Sendable, Equatable {
    package let maximum: Int
    package let idleTimeout: Duration
    package let headerTimeout: Duration
    package let bodyTimeout: Duration

    package init(
        maximum: Int, idleTimeout: Duration, headerTimeout: Duration = .seconds(5), bodyTimeout: Duration = .seconds(10)
    ) {
        self.maximum = maximum
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
    }

    /// Connections accepted beyond `maximum` only to be told 503.
    package var sheddingRoom: Int { max(8, maximum / 16) }

    /// The most connections these limits let a listener hold open: `maximum` and the shedding room.
    package var descriptors: Int { maximum + sheddingRoom }

    /// The admin listener's limits (`serve --admin-port`): the app's timeouts (`app`), and a small fixed
    /// cap of `adminMaximum`, since probes and scrapes need a handful of connections.
    package static func admin(like app: WebConnectionLimits) -> WebConnectionLimits {
        WebConnectionLimits(
            maximum: adminMaximum, idleTimeout: app.idleTimeout, headerTimeout: app.headerTimeout,
            bodyTimeout: app.bodyTimeout)
    }

    /// The admin listener's connection cap.
    static let adminMaximum = 32

    /// Descriptors kept back from connections: the listening socket, the workers' channels and
    /// standard streams, probe children's files, the SQLite files plugins open.
    static let reserved = 64

    /// Raises this process's soft descriptor limit to the hard one, and returns the limits that
    /// leave `reserved` (plus two per worker, and the admin listener's connections when `admin`) of
    /// the descriptors for everything else, the shedding room included.
    package static func raisingDescriptorLimit(
        workers: Int, idleTimeout: Duration, headerTimeout: Duration = .seconds(5),
        bodyTimeout: Duration = .seconds(10), admin: Bool = false
    ) -> WebConnectionLimits {
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is all ones; clamping makes it (and any huge limit) Int.max, which the cap below bounds.
        let descriptors = Int(clamping: limit.rlim_cur)
        let adminDescriptors =
            admin ? WebConnectionLimits(maximum: adminMaximum, idleTimeout: idleTimeout).descriptors : 0
        let usable = max(16, min(10_000, descriptors &- reserved &- 2 * workers &- adminDescriptors))
        // `usable` = maximum + max(8, maximum / 16).
        let maximum = max(8, min(usable - 8, usable * 16 / 17))
        return WebConnectionLimits(
            maximum: maximum, idleTimeout: idleTimeout, headerTimeout: headerTimeout, bodyTimeout: bodyTimeout)
    }
}
