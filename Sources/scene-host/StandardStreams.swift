#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Foundation
import SceneHost

/// Writing to the terminal, and leaving with a documented exit code.
enum StandardStreams {
    static func out(_ text: String) {
        print(text)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Prints `error` to standard error and returns the exit code it maps to.
    static func fail(_ error: any Error) -> ExitCode {
        StandardStreams.error(ErrorMessage.render(error))
        let status = (error as? HostError)?.exitStatus ?? .commandsFailed
        return ExitCode(status.rawValue)
    }
}
