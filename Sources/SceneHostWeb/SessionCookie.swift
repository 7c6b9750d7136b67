import HTTPTypes
import Hummingbird

/// The session cookie: HttpOnly, SameSite=Lax, Path=/, holding the session's secret.
///
/// Over plain HTTP it is `scene_host_session`. When the browser reached the site over HTTPS
/// (`serve --https`, or a trusted proxy's `X-Forwarded-Proto: https` / `Forwarded: proto=https`) it
/// is `__Host-scene_host_session` with `Secure`: the browser then sends it only over HTTPS, and no
/// plain-HTTP page nor a sibling domain can set one of that name for the site (cookie tossing).
/// A request is read for the name that applies to it only, so a plain cookie planted over HTTP
/// never names a session of an HTTPS request.
enum SessionCookie {
    static let plainName = "scene_host_session"
    static let secureName = "__Host-scene_host_session"

    static func name(secure: Bool) -> String { secure ? secureName : plainName }

    /// The cookie that gives the browser `sessionID`.
    static func set(_ sessionID: String, secure: Bool) -> Cookie {
        // Lax: a link from another site (a GET, which never changes the app) still finds the
        // user's session; a post from another site does not carry it (and is refused anyway).
        Cookie(name: name(secure: secure), value: sessionID, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The cookie that makes the browser forget its session.
    static func clear(secure: Bool) -> Cookie {
        Cookie(
            name: name(secure: secure), value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The session cookie's value among every Cookie field, for the name that applies (`secure`).
    static func value(in fields: HTTPFields, secure: Bool) -> String? {
        let prefix = name(secure: secure) + "="
        for field in fields[values: .cookie] {
            for pair in field.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard trimmed.hasPrefix(prefix) else { continue }
                let value = trimmed.dropFirst(prefix.count)
                return value.isEmpty ? nil : String(value)
            }
        }
        return nil
    }
}
