/// How a destination scene is shown.
public enum NavigationStyle: String, Codable, Sendable, CaseIterable {
    /// Onto the current navigation stack; `back` pops it.
    case push
    /// Modally, above everything; it starts a stack of its own and `back` on its root dismisses it.
    case present
    /// As the new root: every scene on screen is released.
    case replace
}
