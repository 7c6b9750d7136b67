#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import SceneHostCore

/// Writing to the terminal, and leaving with a documented exit code.
///
/// Writes go through `write(2)` and give up quietly when the stream is closed or full
/// (`EPIPE`, `ENOSPC`, `EBADF`, ...): output nobody can read must not change the exit code,
/// and `FileHandle.write` would trap instead.
package enum StandardStreams {
    /// Run once at start-up, before anything opens a file: ignore SIGPIPE (a closed pipe is then
    /// an `EPIPE` write error) and put /dev/null on standard descriptors that are closed, so no
    /// file the host opens later becomes "standard output" by taking descriptor 1 or 2.
    package static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }

    /// Prints `text` and a line break. Each line is escaped (`TerminalText.escaped`) as a last
    /// line of defence: the renderers escape what came from outside already, and escaping twice
    /// changes nothing, so only line breaks the host wrote itself reach the terminal.
    package static func out(_ text: String) {
        write(escapedLines(text) + "\n", to: STDOUT_FILENO)
    }

    /// Like `out`, on standard error.
    package static func error(_ text: String) {
        write(escapedLines(text) + "\n", to: STDERR_FILENO)
    }

    package static func escapedLines(_ text: String) -> String {
        TerminalText.escapedLines(text)
    }

    /// Writes all of `text`, or as much as the stream takes before it fails.
    package static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                // A non-blocking descriptor someone else set up: wait until it takes more.
                var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                guard poll(&wait, 1, -1) > 0 else { return }
            } else {
                return
            }
        }
    }

    package static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    package static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Ends a command that succeeded with status 0 at once, without freeing what it built.
    ///
    /// With a thousand plugins, freeing the container's scene descriptions, the config and the
    /// graph one object at a time was ~6% of a warm `run`; the kernel takes the whole memory back
    /// anyway. Callers first free what the plugins made (`SceneApp.releasePluginObjects`), so
    /// plugin `deinit`s still run. It is safe because nothing is left to write: standard output and the host's own
    /// messages go out through `write(2)` as they are made, `exit` flushes C stdio (the log
    /// handler's standard error), the probe cache was written when probing ended, and no object
    /// of the host has a `deinit` with an effect outside the process (open files close with it).
    package static func succeed() -> Never {
        fflush(nil)
        exit(EXIT_SUCCESS)
    }

    /// Prints `error` to standard error and returns the exit code it maps to.
    package static func fail(_ error: any Error) -> ExitCode {
        // Already reported (the start check printed its problems): only the status goes on.
        if let exit = error as? ExitCode { return exit }
        StandardStreams.error(ErrorMessage.render(error))
        let status = ExitStatus(for: error)
        return ExitCode(status.rawValue)
    }
}
