import SceneHostRecordCodec
import SceneHostCore
import Foundation

/// Which session store `serve` uses, from `--session-store` or `SCENE_HOST_SESSION_STORE`.
///
/// Forms: `sqlite:PATH` (relative paths from the current folder, as any command-line path),
/// `postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (also `postgres://`; the password may come
/// from `PGPASSWORD`), and `memory`. With neither the option nor the variable, an SQLite file of its
/// own per config in the user's state folder (`defaultSQLitePath`).
package enum SessionStoreLocation: Equatable, Sendable {
    case memory
    case sqlite(path: String)
    case postgres(PostgresAddress)

    /// Where a PostgreSQL store is: never printed with its password (`description`).
    package struct PostgresAddress: Equatable, Sendable, CustomStringConvertible {
        package var user: String
        package var password: String?
        package var host: String
        package var port: Int
        package var database: String

        package init(user: String, password: String?, host: String, port: Int, database: String) {
            self.user = user
            self.password = password
            self.host = host
            self.port = port
            self.database = database
        }

        /// The URL without its password.
        package var description: String {
            let bracketed = host.contains(":") ? "[\(host)]" : host
            return "postgresql://\(user)@\(bracketed):\(port)/\(database)"
        }
    }

    /// Where the sessions are, for messages: a PostgreSQL URL never shows its password.
    package var description: String {
        switch self {
        case .memory: return "memory"
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let address): return address.description
        }
    }

    /// The store `option` (the flag's value, or nil) names; the environment's
    /// `SCENE_HOST_SESSION_STORE` when there is no flag; else the default file for `configPath`.
    package static func resolve(
        option: String?, environment: [String: String], configPath: String,
        currentFolder: String
    ) throws(SessionStoreError) -> SessionStoreLocation {
        if let option {
            return try parse(option, source: "--session-store", environment: environment, currentFolder: currentFolder)
        }
        if let value = environment["SCENE_HOST_SESSION_STORE"] {
            return try parse(
                value, source: "SCENE_HOST_SESSION_STORE", environment: environment, currentFolder: currentFolder)
        }
        guard let path = defaultSQLitePath(configPath: configPath, environment: environment) else {
            throw .badLocation(
                source: "the default session store", value: "$XDG_STATE_HOME/scene-host/",
                reason: "neither XDG_STATE_HOME nor HOME is an absolute path, so there is no state folder")
        }
        return .sqlite(path: path)
    }

    /// `value` as a location; `source` names where it came from in the error.
    package static func parse(
        _ value: String, source: String, environment: [String: String], currentFolder: String
    ) throws(SessionStoreError) -> SessionStoreLocation {
        if value == "memory" { return .memory }
        if value.hasPrefix("sqlite:") {
            let path = String(value.dropFirst("sqlite:".count))
            guard !path.isEmpty else {
                throw .badLocation(source: source, value: value, reason: "it names no file after 'sqlite:'")
            }
            guard !path.utf8.contains(0) else {
                throw .badLocation(source: source, value: value, reason: "the path holds a NUL byte")
            }
            return .sqlite(path: path.hasPrefix("/") ? path : currentFolder + "/" + path)
        }
        for scheme in ["postgresql://", "postgres://"] where value.hasPrefix(scheme) {
            return .postgres(
                try parsePostgres(
                    String(value.dropFirst(scheme.count)), value: value, source: source, environment: environment))
        }
        let shown = redacted(value)
        let hint: String
        if let colon = value.firstIndex(of: ":") {
            let scheme = String(value[..<colon])
            let suggestion =
                Suggestion.closest(to: scheme, in: ["sqlite", "postgresql", "postgres"]).map {
                    "; did you mean '\($0)'?"
                } ?? ""
            hint = "'\(scheme)' is no store this host knows\(suggestion)"
        } else {
            let suggestion = Suggestion.closest(to: value, in: ["memory"]).map { "; did you mean '\($0)'?" } ?? ""
            hint = "it is no store this host knows\(suggestion)"
        }
        throw .badLocation(source: source, value: shown, reason: hint)
    }

    /// `USER[:PASSWORD]@HOST[:PORT]/DATABASE`, percent-decoded.
    private static func parsePostgres(
        _ rest: String, value: String, source: String, environment: [String: String]
    ) throws(SessionStoreError) -> PostgresAddress {
        let shown = redacted(value)
        func bad(_ reason: String) -> SessionStoreError { .badLocation(source: source, value: shown, reason: reason) }
        guard let at = rest.lastIndex(of: "@") else { throw bad("it names no user (USER@HOST)") }
        let credentials = String(rest[..<at])
        let afterAt = String(rest[rest.index(after: at)...])
        guard let slash = afterAt.firstIndex(of: "/") else {
            throw bad("it names no database (/DATABASE after the host)")
        }
        let hostPort = String(afterAt[..<slash])
        var databasePart = String(afterAt[afterAt.index(after: slash)...])
        if databasePart.contains("?") { throw bad("parameters after '?' are not accepted") }
        databasePart = databasePart.hasSuffix("/") ? String(databasePart.dropLast()) : databasePart
        guard let database = percentDecoded(databasePart), !database.isEmpty, !database.contains("/") else {
            throw bad("it names no database (/DATABASE after the host)")
        }
        let userPart: Substring
        var password: String?
        if let colon = credentials.firstIndex(of: ":") {
            userPart = credentials[..<colon]
            guard let decoded = percentDecoded(String(credentials[credentials.index(after: colon)...])) else {
                throw bad("the password is not valid percent-encoding")
            }
            password = decoded
        } else {
            userPart = Substring(credentials)
        }
        guard let user = percentDecoded(String(userPart)), !user.isEmpty else {
            throw bad("it names no user (USER@HOST)")
        }
        var host = hostPort
        var port = 5432
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw bad("an IPv6 host needs its closing ']'") }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let tail = hostPort[hostPort.index(after: close)...]
            if !tail.isEmpty {
                guard tail.hasPrefix(":"), let number = Int(tail.dropFirst()), (1...65535).contains(number) else {
                    throw bad("the port is not a number from 1 to 65535")
                }
                port = number
            }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            guard let number = Int(hostPort[hostPort.index(after: colon)...]), (1...65535).contains(number) else {
                throw bad("the port is not a number from 1 to 65535")
            }
            port = number
        }
        guard !host.isEmpty else { throw bad("it names no host") }
        if password == nil || password == "" { password = environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 } }
        return PostgresAddress(user: user, password: password, host: host, port: port, database: database)
    }

    /// `value` with any password between `://USER:` and `@` replaced, for messages.
    static func redacted(_ value: String) -> String {
        guard let scheme = value.range(of: "://") else { return value }
        let rest = value[scheme.upperBound...]
        guard let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return value }
        return String(value[..<rest.index(after: colon)]) + "***" + String(rest[at...])
    }

    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The default store of the config at `configPath` (absolute): `$XDG_STATE_HOME/scene-host/`
    /// when that is absolute, else `$HOME/.local/state/scene-host/`, and a file named from the
    /// config's path (its stem and the first 16 hex digits of the path's SHA-256), so every config
    /// has its own sessions. Nil when there is no absolute state folder.
    static func defaultSQLitePath(configPath: String, environment: [String: String]) -> String? {
        let folder: String
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") {
            folder = base + "/scene-host"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.local/state/scene-host"
        } else {
            return nil
        }
        let digest = SHA256.digest(Array(configPath.utf8)).prefix(8).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
        let file = configPath.split(separator: "/").last.map(String.init) ?? "scenes.conf"
        let stem = file.split(separator: ".").first.map(String.init) ?? "scenes"
        let safeStem = String(
            stem.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }.prefix(40))
        return "\(folder)/sessions-\(safeStem.isEmpty ? "config" : safeStem)-\(digest).sqlite"
    }
}
