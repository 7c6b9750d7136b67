import Testing
@testable import SceneHostSessions
@testable import SceneHostCore

/// `--session-store` and `SCENE_HOST_SESSION_STORE`: every accepted form, the default file per
/// config, and refusals that name the input, list the forms and never show a password.
@Suite("Session store locations")
struct SessionStoreLocationTests {
    private func parse(
        _ value: String, environment: [String: String] = [:]
    ) throws(SessionStoreError) -> SessionStoreLocation {
        try SessionStoreLocation.parse(
            value, source: "--session-store", environment: environment, currentFolder: "/work")
    }

    @Test("memory, sqlite:PATH (relative to the current folder) and PostgreSQL URLs")
    func forms() throws {
        #expect(try parse("memory") == .memory)
        #expect(try parse("sqlite:/var/lib/app/s.sqlite") == .sqlite(path: "/var/lib/app/s.sqlite"))
        #expect(try parse("sqlite:data/s.sqlite") == .sqlite(path: "/work/data/s.sqlite"))
        let address = SessionStoreLocation.PostgresAddress(
            user: "app", password: "p@ss:w/rd", host: "db.internal", port: 5433, database: "scenes")
        #expect(try parse("postgresql://app:p%40ss%3Aw%2Frd@db.internal:5433/scenes") == .postgres(address))
        #expect(
            try parse("postgres://app@127.0.0.1/scenes")
                == .postgres(.init(user: "app", password: nil, host: "127.0.0.1", port: 5432, database: "scenes")))
        #expect(
            try parse("postgresql://app@[::1]:6000/scenes")
                == .postgres(.init(user: "app", password: nil, host: "::1", port: 6000, database: "scenes")))
        #expect(
            try parse("postgresql://app@h/db", environment: ["PGPASSWORD": "fromenv"])
                == .postgres(.init(user: "app", password: "fromenv", host: "h", port: 5432, database: "db")))
        #expect(
            try parse("postgresql://app:inurl@h/db", environment: ["PGPASSWORD": "fromenv"])
                == .postgres(.init(user: "app", password: "inurl", host: "h", port: 5432, database: "db")))
    }

    @Test("a PostgreSQL address prints without its password")
    func noPassword() throws {
        let location = try parse("postgresql://app:hunter2@db:5432/scenes")
        #expect(location.description == "postgresql://app@db:5432/scenes")
        #expect(
            !SessionStoreError.cannotOpen(location: location.description, reason: "connection refused").message
                .contains("hunter2"))
    }

    @Test("refusals name the source and the value, say why, and list the forms; a password is masked")
    func refusals() throws {
        let forms =
            "Give one of: sqlite:PATH (a file; the default is one per config in $XDG_STATE_HOME/scene-host/), postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (the password may come from PGPASSWORD), or memory (sessions end with the process)."
        #expect(
            throws: SessionStoreError.badLocation(
                source: "--session-store", value: "memry",
                reason: "it is no store this host knows; did you mean 'memory'?")
        ) { try parse("memry") }
        #expect(
            throws: SessionStoreError.badLocation(
                source: "--session-store", value: "sqlit:/x",
                reason: "'sqlit' is no store this host knows; did you mean 'sqlite'?")
        ) { try parse("sqlit:/x") }
        #expect(
            throws: SessionStoreError.badLocation(
                source: "--session-store", value: "postgresql://app:***@db/",
                reason: "it names no database (/DATABASE after the host)")
        ) {
            try parse("postgresql://app:secret@db/")
        }
        #expect(
            throws: SessionStoreError.badLocation(
                source: "--session-store", value: "postgresql://app@db:99999/x",
                reason: "the port is not a number from 1 to 65535")
        ) {
            try parse("postgresql://app@db:99999/x")
        }
        #expect(
            throws: SessionStoreError.badLocation(
                source: "--session-store", value: "postgresql://db/x", reason: "it names no user (USER@HOST)")
        ) { try parse("postgresql://db/x") }
        #expect(
            throws: SessionStoreError.badLocation(
                source: "--session-store", value: "sqlite:", reason: "it names no file after 'sqlite:'")
        ) { try parse("sqlite:") }
        do {
            _ = try parse("redis://x")
            Issue.record("redis:// was accepted")
        } catch {
            #expect(
                error.message == "error: --session-store 'redis://x': 'redis' is no store this host knows. " + forms)
            #expect(error.exitStatus == .configError)
        }
    }

    @Test("the flag wins over the environment, which wins over the default file")
    func precedence() throws {
        let environment = ["SCENE_HOST_SESSION_STORE": "memory", "XDG_STATE_HOME": "/state"]
        #expect(
            try SessionStoreLocation.resolve(
                option: "sqlite:/f", environment: environment, configPath: "/a/scenes.conf", currentFolder: "/")
                == .sqlite(path: "/f"))
        #expect(
            try SessionStoreLocation.resolve(
                option: nil, environment: environment, configPath: "/a/scenes.conf", currentFolder: "/") == .memory)
        #expect(
            throws: SessionStoreError.badLocation(
                source: "SCENE_HOST_SESSION_STORE", value: "nope", reason: "it is no store this host knows")
        ) {
            try SessionStoreLocation.resolve(
                option: nil, environment: ["SCENE_HOST_SESSION_STORE": "nope"], configPath: "/a/scenes.conf",
                currentFolder: "/")
        }
    }

    @Test("the default file: one per config, in $XDG_STATE_HOME/scene-host, else ~/.local/state/scene-host")
    func defaultFile() throws {
        let one = try #require(
            SessionStoreLocation.defaultSQLitePath(
                configPath: "/srv/app/scenes.conf", environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/u"]))
        #expect(one.hasPrefix("/state/scene-host/sessions-scenes-") && one.hasSuffix(".sqlite"))
        let other = try #require(
            SessionStoreLocation.defaultSQLitePath(
                configPath: "/srv/other/scenes.conf", environment: ["XDG_STATE_HOME": "/state"]))
        #expect(one != other)
        let home = try #require(
            SessionStoreLocation.defaultSQLitePath(
                configPath: "/srv/app/orders-stack.conf",
                environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"]))
        #expect(home.hasPrefix("/home/u/.local/state/scene-host/sessions-orders-"))
        #expect(SessionStoreLocation.defaultSQLitePath(configPath: "/a.conf", environment: ["HOME": "rel"]) == nil)
        #expect(throws: SessionStoreError.self) {
            try SessionStoreLocation.resolve(option: nil, environment: [:], configPath: "/a.conf", currentFolder: "/")
        }
    }
}
