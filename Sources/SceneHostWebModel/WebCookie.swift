/// The session cookie's value: `ID.SECRET`, two halves of 64 hex digits. The ID names the session in
/// its store (by its digest); the secret proves the browser holds the session now and changes on
/// every action applied (`WebSession.rotate`).
enum WebCookie {
    /// The halves of `value`; a value without a `.` is all ID (no secret), which only a session
    /// written before secrets accepts.
    package static func split(_ value: String) -> (id: String, secret: String) {
        guard let dot = value.firstIndex(of: ".") else { return (value, "") }
        return (String(value[..<dot]), String(value[value.index(after: dot)...]))
    }
}
