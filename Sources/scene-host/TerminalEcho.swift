#if canImport(Glibc)
import SceneHostCommandLine
import Glibc
#endif

/// Reading a secret from the terminal without showing it: the echo is off while `body` runs, and
/// back as it was afterwards, whatever `body` does. Input that is not a terminal is read as it is.
enum TerminalEcho {
    static func withoutEcho<T>(_ body: () throws -> T) rethrows -> T {
        var saved = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return try body() }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            // The user's Enter was not echoed either: end the prompt's line.
            StandardStreams.write("\n", to: STDOUT_FILENO)
        }
        return try body()
    }
}
