#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Dispatch
import SceneHost
import SceneHostWeb

/// `scene-host serve`: the app in a web browser, one navigator per browser session.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the app as web pages (no JavaScript), one navigator per browser session, until SIGTERM or SIGINT."
    )

    @OptionGroup var options: HostOptions

    @Option(name: .long, help: "The address to listen on; the default serves this machine only.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port, printed at start).")
    var port = 8080

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port is \(port); give a port from 0 to 65535 (default 8080).")
        }
    }

    func run() throws {
        let server = try MainActor.assumeIsolated { try makeServer() }
        // The main thread serves the main actor (where every session lives) from here on; the
        // server runs in a task and ends the process when it stops.
        Task {
            do {
                try await server.run { address in
                    StandardStreams.out("scene-host serve: \(options.config) on \(address) (Ctrl-C stops)")
                }
                Glibc.exit(0)
            } catch {
                Glibc.exit(StandardStreams.fail(error).rawValue)
            }
        }
        dispatchMain()
    }

    /// Loads and checks the app, and starts it once so a broken config or plugin fails here, not in a browser.
    @MainActor
    private func makeServer() throws -> WebServer {
        do {
            let app = try SceneApp.load(configPath: options.config, loader: options.makeLoader())
            try app.start()
            let loaded = app.loaded
            return try WebServer(host: host, port: port, logger: options.makeLogger()) {
                let navigator = Navigator(container: loaded.container, segues: loaded.config.segues)
                try navigator.start(at: loaded.config.initial.value)
                return navigator
            }
        } catch {
            throw StandardStreams.fail(error)
        }
    }
}
