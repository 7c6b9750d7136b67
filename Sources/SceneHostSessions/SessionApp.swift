import SceneHostRecordCodec

/// Which app a stored session belongs to, in a store several apps may share (one `sqlite:PATH`, one
/// PostgreSQL database): a store sees only the sessions of its own app (`SessionStore.app`), so a
/// cookie another app made names no session here, and is treated as any unknown cookie.
///
/// `serve` takes it from its config (`init(initial:plugins:)`): a digest of what makes the app, the
/// initial scene and each plugin table's name and settings as written. Every instance of one config
/// computes the same identity on any machine and after any restart; a redeploy that changes only
/// plugin builds, paths, pins, segues or `[host]` keeps its sessions, and two configs that differ in
/// the initial scene, a plugin's name or a setting are two apps (docs/production.md, "Session stores").
///
/// Never empty: rows written before sessions had an app hold the empty text, which is no app's.
package struct SessionApp: Hashable, Sendable, CustomStringConvertible {
    /// What the store keeps in each row: 64 hex digits for a config's digest, `name:NAME` for a named one.
    package let identity: String

    /// An app known by a name of its own (the memory store's default, tests).
    package init(name: String) {
        identity = "name:" + name
    }

    /// The app a config describes: its initial scene, and per plugin table its name and settings
    /// (each setting's value as TOML writes it, so a path setting is the text written, the same on every machine).
    package init(initial: String, plugins: [String: [String: String]]) {
        // Every text is length-prefixed, so no choice of names can make two configs read alike.
        var canonical: [UInt8] = []
        func add(_ text: String) {
            canonical += Array("\(text.utf8.count):".utf8) + Array(text.utf8)
        }
        add("scene-host app 1")
        add(initial)
        add(String(plugins.count))
        for name in plugins.keys.sorted() {
            let settings = plugins[name] ?? [:]
            add(name)
            add(String(settings.count))
            for key in settings.keys.sorted() {
                add(key)
                add(settings[key] ?? "")
            }
        }
        identity = SHA256.digest(canonical).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    package var description: String { identity }
}
