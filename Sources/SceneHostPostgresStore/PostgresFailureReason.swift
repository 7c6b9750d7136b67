import Foundation
import PostgresNIO

/// A short reason for a failed PostgreSQL request, for `SessionStoreError`'s messages.
///
/// Built here from the error's parts rather than from its text: `PSQLError`'s description is a
/// generic sentence on purpose, and its debug description holds the statement and its bound values
/// (session bodies). Nothing read here holds the password: the server never echoes it, and the
/// connection errors name only the address.
enum PostgresFailureReason {
    static func describe(_ error: any Error) -> String {
        if let lock = error as? PostgresInstanceLockError { return lock.description }
        if let pool = error as? PostgresPoolError { return pool.description }
        if let transaction = error as? PostgresTransactionError {
            // The first failure is the cause; a failed rollback after it adds nothing a caller can use.
            if let cause = transaction.beginError ?? transaction.closureError ?? transaction.commitError {
                return describe(cause)
            }
            return "the transaction failed"
        }
        if let psql = error as? PSQLError { return describe(psql) }
        if let io = error as? IOError { return errnoText(io.errnoCode) }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return "the host name '\(connection.host)' does not resolve"
            }
            if let first = connection.connectionErrors.first { return describe(first.error) }
            return "cannot connect to \(connection.host):\(connection.port)"
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout(let amount):
                return "connecting timed out after \(amount.nanoseconds / 1_000_000) ms"
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed:
                return "the connection was closed"
            // swift-nio's enum, not ours: its cases grow with NIO's releases, and each is named by its own text.
            default:
                return "connection failure (\(channel))"
            }
        }
        if error is CancellationError { return "the request was cancelled" }
        if isCircuitOpen(error) { return "no connection could be made for a minute; still retrying in the background" }
        // The pool's other errors, as above.
        let text = String(describing: error)
        if text.contains("poolShutdown") { return "the store is closed" }
        if text.contains("requestCancelled") { return "the request was cancelled" }
        return "unexpected \(type(of: error))"
    }

    /// Whether `error` is the pool's refusal after failing to connect for a while (its "circuit
    /// breaker"): the request never reached the server.
    static func isCircuitOpen(_ error: any Error) -> Bool {
        // The pool's own error type is in an underscored module; its text names the case.
        String(describing: error).contains("CircuitBreakerTripped")
    }

    private static func describe(_ error: PSQLError) -> String {
        let code = error.code
        if code == .server, let info = error.serverInfo {
            let message = info[.message] ?? "an error"
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return "the server answered: \(message)\(state)"
        }
        if code == .connectionError {
            return error.underlying.map { describe($0) } ?? "cannot connect"
        }
        if code == .serverClosedConnection { return "the server closed the connection" }
        if code == .clientClosedConnection { return "the connection was closed" }
        if code == .uncleanShutdown { return "the connection ended uncleanly" }
        if code == .queryCancelled { return "the request was cancelled" }
        if code == .poolClosed { return "the store is closed" }
        if code == .authMechanismRequiresPassword { return "the server asks for a password and none was given" }
        if code == .unsupportedAuthMechanism { return "the server asks for an authentication method this client lacks" }
        if code == .saslError { return "password authentication failed" }
        if code == .messageDecodingFailure || code == .unexpectedBackendMessage {
            return "the server's answer did not read as PostgreSQL's protocol"
        }
        return "PostgreSQL client error \(code)"
    }

    /// `errno` as the C library words it, lowercased to run on in a sentence ("connection refused").
    private static func errnoText(_ code: CInt) -> String {
        guard let text = strerror(code).map({ String(cString: $0) }), let first = text.first else {
            return "system error \(code)"
        }
        return first.lowercased() + text.dropFirst()
    }
}
