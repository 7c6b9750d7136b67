import Logging
import PostgresNIO
import SceneHostSessions
import Synchronization

/// How the instances on one PostgreSQL database know which of them are running (`SessionStore`, "Who
/// holds a claim"): each holds a session-level advisory lock keyed by its identity,
/// `pg_try_advisory_lock(high, low)` (the identity's two 32-bit halves: the two-key space, apart from the
/// one-key locks of the schema and the inserts), on a connection of its own that it keeps open. The
/// server lets go of the lock the moment that connection ends, so when the instance's process ends,
/// however it ends (`kill -9` included), its lock is gone at once; another instance sees whether it is
/// held in `pg_locks` (`PostgresSessionStore.reclaim`).
///
/// The connection is made on the first claim (every claim makes sure of it first, so a claim names an
/// instance whose lock was held when it was made) and made again when it was found lost (a restart of the
/// server, a network fault): meanwhile the other instances see this one as gone, and may take its claims
/// over (its writes then find the state moved and keep nothing; no data is lost, `SessionStore`). The connection asks
/// the server for TCP keepalives (10 s idle, then every 5 s, 3 missed): a machine that vanished
/// without closing it loses its lock within about 25 s instead of the system's two hours; the lease
/// covers the rest.
final class PostgresInstanceLock: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    /// Runs the connecting, in the store's service, apart from the claim that asked (`ensureHeld`).
    private let pool: PostgresPool
    private let state: Mutex<State>

    private struct State {
        /// This instance's identity as a claim's holder: random, positive, never 0 (0 names no holder).
        var identity: Int64
        var connection: PostgresConnection?
        /// The connection being made, awaited by every claim that needs it meanwhile.
        var making: Settlement<Int64>?
        var closed = false
    }

    init(address: SessionStoreLocation.PostgresAddress, requestTimeout: Duration, pool: PostgresPool, logger: Logger) {
        var configuration = PostgresSessionStore.connectionConfiguration(
            address: address, requestTimeout: requestTimeout)
        configuration.options.additionalStartupParameters += [
            ("tcp_keepalives_idle", "10"), ("tcp_keepalives_interval", "5"), ("tcp_keepalives_count", "3"),
        ]
        self.configuration = configuration
        self.logger = logger
        self.pool = pool
        state = Mutex(State(identity: Self.drawIdentity()))
    }

    /// The identity this instance's claims name now.
    var identity: Int64 {
        state.withLock { $0.identity }
    }

    /// Whether the lock's connection is open, as far as this side knows (the server may have ended it
    /// a moment ago: the next claim finds out).
    var isHeld: Bool {
        state.withLock { state in state.connection.map { !$0.isClosed } ?? false }
    }

    private static func drawIdentity() -> Int64 {
        Int64.random(in: 1...Int64.max)
    }

    /// The advisory lock's two keys: the identity's high and low 32 bits.
    static func keys(of identity: Int64) -> (Int32, Int32) {
        (Int32(truncatingIfNeeded: identity >> 32), Int32(truncatingIfNeeded: identity))
    }

    /// What `ensureHeld` found: the lock held, a connection to make (for the identity `first`), or
    /// one being made to wait for.
    private enum Holding {
        case held(Int64)
        case starting(Settlement<Int64>, first: Int64)
        case making(Settlement<Int64>)
    }

    /// Returns the identity whose lock is held on a live connection: at once when it is, else after
    /// connecting and taking it. Throws why it could not; the caller bounds the wait (`request`), and
    /// a caller that stops waiting leaves the connecting to go on: the next claim finds it held.
    func ensureHeld() async throws -> Int64 {
        let holding: Holding = try state.withLock { state in
            guard !state.closed else { throw PostgresInstanceLockError.closed }
            if let connection = state.connection, !connection.isClosed { return .held(state.identity) }
            state.connection = nil
            if let making = state.making { return .making(making) }
            let making = Settlement<Int64>()
            state.making = making
            return .starting(making, first: state.identity)
        }
        let making: Settlement<Int64>
        switch holding {
        case .held(let identity):
            return identity
        case .starting(let started, let first):
            making = started
            // In the store's service rather than this claim's task: a claim answered at its deadline cancels its task.
            do {
                try pool.submit({ await self.make(making, first: first) }, abandon: { self.failed(making, $0) })
            } catch {
                failed(making, error)
            }
        case .making(let made):
            making = made
        }
        switch await making.wait() {
        case .finished(let identity)?:
            return identity
        case .failed(let error)?:
            throw error
        case .timedOut?, .cancelled?, nil:
            throw CancellationError()
        }
    }

    /// Connects, takes the lock and keeps the connection, unless the lock was closed meanwhile.
    private func make(_ making: Settlement<Int64>, first: Int64) async {
        do {
            let (connection, identity) = try await Self.connectAndLock(
                configuration: configuration, first: first, logger: logger)
            let kept = state.withLock { state -> Bool in
                if state.making === making { state.making = nil }
                guard !state.closed else { return false }
                state.connection = connection
                state.identity = identity
                return true
            }
            guard kept else {
                await Self.closeQuietly(connection)
                return making.settle(.failed(PostgresInstanceLockError.closed))
            }
            making.settle(.finished(identity))
        } catch {
            failed(making, error)
        }
    }

    /// Ends `making` with `error`; the next claim connects again.
    private func failed(_ making: Settlement<Int64>, _ error: any Error) {
        state.withLock { state in
            if state.making === making { state.making = nil }
        }
        making.settle(.failed(error))
    }

    /// A connection holding the lock of `first`, or of an identity drawn anew when another connection
    /// holds that one: this instance's own earlier connection, lost on the way, whose end the server has
    /// not noticed yet (its claims, named by the old identity, then look running until it has).
    private static func connectAndLock(
        configuration: PostgresConnection.Configuration, first: Int64,
        logger: Logger
    ) async throws -> (PostgresConnection, Int64) {
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            var identity = first
            for _ in 0..<4 {
                let (high, low) = keys(of: identity)
                let rows = try await connection.query("SELECT pg_try_advisory_lock(\(high), \(low))", logger: logger)
                    .collect()
                if try rows.first?.decode(Bool.self) == true { return (connection, identity) }
                identity = drawIdentity()
            }
            throw PostgresInstanceLockError.heldElsewhere
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func closeQuietly(_ connection: PostgresConnection) async {
        try? await connection.close()
    }

    /// Lets go of the lock (its connection is closed); later `ensureHeld` calls fail.
    func close() async {
        let (connection, making) = state.withLock { state in
            state.closed = true
            defer { (state.connection, state.making) = (nil, nil) }
            return (state.connection, state.making)
        }
        // A connection still being made is closed by its maker, which finds the lock closed.
        making?.settle(.failed(PostgresInstanceLockError.closed))
        try? await connection?.close()
    }

    /// As a process that was killed: the connection is dropped (the server ends its session, and the
    /// lock with it); a later `ensureHeld` makes another. For tests.
    func dropConnection() async {
        let connection = state.withLock { state in
            defer { state.connection = nil }
            return state.connection
        }
        try? await connection?.close()
    }
}

/// Why this instance's lock could not be held.
enum PostgresInstanceLockError: Error, CustomStringConvertible {
    /// The store was closed.
    case closed
    /// Other connections held every identity tried.
    case heldElsewhere

    var description: String {
        switch self {
        case .closed: "the store is closed"
        case .heldElsewhere: "every advisory lock this instance tried is held by another connection"
        }
    }
}
