/// State a plugin keeps in its scene worker's memory that every user of the app should see alike
/// (orders, stock, a counter), declared in `ScenePlugin.inMemoryState` so the host can say what
/// it means.
///
/// Each scene worker is a process with its own memory, and `scene-host serve` runs several (one
/// per core by default): such state has one copy per worker, a user sees the copy of the worker
/// their session landed on, and a save on one worker is not seen on another. Keep it in a store
/// every worker shares (a database file named by a setting) instead. `scene-host check` reports a
/// declared in-memory state and `serve` warns at start when it runs more than one worker, naming
/// the plugin and what to do; with `unlessSet`, only while the config leaves that setting unset.
///
/// ```swift
/// static let inMemoryState: InMemoryState? = InMemoryState("the orders", unlessSet: "database")
/// ```
public struct InMemoryState: Sendable, Equatable {
    /// What is kept, as the host's messages name it ("the orders").
    public let what: String
    /// The declared setting that moves the state to a store every worker shares; nil when none does.
    public let unlessSet: String?

    /// State named `what`, kept in memory unless the config sets `setting` (one the plugin declares).
    public init(_ what: String, unlessSet setting: String? = nil) {
        self.what = what
        self.unlessSet = setting
    }
}
