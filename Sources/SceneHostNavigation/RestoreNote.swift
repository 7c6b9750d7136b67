/// What became of a session built again from its records (`Navigator.restore`): after its worker
/// ended, or when read back from a session store: all of it built again, its stack cut below a
/// scene that failed, or started over at the initial scene.
package enum RestoreNote: Equatable, Sendable {
    case restored
    /// The scene `scene` (and every scene above it) could not be built again: `reason`.
    case cut(scene: String, reason: String)
    /// Nothing could be built again; the session starts over at its initial scene.
    case startedOver(reason: String)
    /// Not even the initial scene could be built: the session is closed.
    case lost(reason: String)
}
