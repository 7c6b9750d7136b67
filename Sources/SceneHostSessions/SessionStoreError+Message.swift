import SceneHostCore
extension SessionStoreError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// A store that cannot be used at start stops `serve` as a config error would; requests never exit.
    package var exitStatus: ExitStatus { .configError }

    package var unescapedMessage: String {
        switch self {
        case .badLocation(let source, let value, let reason):
            return
                "error: \(source) '\(value)': \(reason). Give one of: sqlite:PATH (a file; the default is one per config in $XDG_STATE_HOME/scene-host/), postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (the password may come from PGPASSWORD), or memory (sessions end with the process)."
        case .untrusted(let path, let reason):
            return
                "error: session store \(path): \(reason). Make it (and each folder above it) writable by you only, or name another file with --session-store sqlite:PATH."
        case .cannotOpen(let location, let reason):
            return
                "error: cannot open the session store \(location): \(reason). Check that it exists and answers, or choose another with --session-store."
        case .schemaTooNew(let location, let found, let known):
            return
                "error: the session store \(location) has schema version \(found); this scene-host knows versions up to \(known). Run the newer scene-host that wrote it, or give this one another store."
        case .unavailable(let location, let reason):
            return
                "error: the session store \(location) did not answer (\(reason)); nothing was changed. Try again in a moment."
        case .malformedRow(let reason):
            return "notice: Your session could not be read back (\(reason)), so it ended; you are back at the start."
        }
    }
}
