import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import SceneHostCommandLine
import SceneHostCore

/// `scene-host serve`: starts `scene-host-serve`, installed beside `scene-host`, in this process's
/// place (`execv`: the same process ID, standard streams and signals), with the arguments after `serve`.
///
/// Listed here so `scene-host --help` shows it; `SceneHostCommand.main` hands `serve` on before
/// parsing, so `scene-host serve --help` is the server's own help.
struct ServeLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the app as web pages (no JavaScript), one navigator per browser session, until SIGTERM or SIGINT."
    )

    @Argument(parsing: .captureForPassthrough, help: "The server's options ('scene-host serve --help').")
    var arguments: [String] = []

    func run() throws {
        Self.exec(arguments)
    }

    /// Replaces this process with `scene-host-serve ARGUMENTS`; returns never. When it cannot be
    /// started, says why and ends with the serve status.
    static func exec(_ arguments: [String]) -> Never {
        let path = CommandStart.beside(CommandStart.serveExecutable)
        let argv = (["scene-host serve"] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let error = ServeLaunchError.cannotStart(path: path, reason: String(cString: strerror(errno)))
        StandardStreams.error(error.message)
        Glibc.exit(error.exitStatus.rawValue)
    }
}
