extension UnreadableFile {
    /// Why the file cannot be read, as the end of a message; `hint` says what to pass instead.
    package func clause(hint: String) -> String {
        switch self {
        case .notFound: return "it does not exist. \(hint)."
        case .folder: return "it is a folder, not a file. \(hint)."
        case .fifo: return "it is a named pipe (FIFO), not a regular file; the host does not wait on pipes. \(hint)."
        case .device: return "it is a device, not a regular file. \(hint)."
        case .socket: return "it is a socket, not a regular file. \(hint)."
        case .symlinkLoop: return "its symbolic links form a loop. Fix the link, or pass the file's real path."
        case .permissionDenied:
            return "permission denied. Make it readable for this user (chmod u+r), or pass a file you can read."
        case .other(let reason): return "\(reason). \(hint)."
        }
    }
}
