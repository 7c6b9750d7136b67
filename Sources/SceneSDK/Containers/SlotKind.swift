/// How a container shows its slots: tabs, one shown at a time (a tab bar), or panes, shown
/// together (a split view's list and detail).
///
/// A container's slots are all of one kind: a container of tabs whose Orders tab is a list beside
/// its detail holds a container of panes in that tab.
public enum SlotKind: String, Sendable, Codable, Equatable {
    /// One stack per tab; the shown tab's stack is on screen, the others are kept as they were.
    case tab
    /// Several stacks shown side by side (stacked on a narrow screen); one of them has the focus.
    case pane
}

/// A container's slot as declared (`SceneDefinition.tab`, `.pane`): as caches, the graph, `check`
/// and the testing kit (`SceneTestKit.slots`) see it.
public struct DeclaredSlot: Codable, Equatable, Sendable {
    /// The slot's name, unique within its container: routers, `tab NAME` and URLs name it.
    public let name: String
    public let kind: SlotKind
    /// What the tab bar or the pane's heading shows.
    public let title: String
    /// The scene each new container shows in the slot first: it takes no input.
    public let initial: String

    public init(name: String, kind: SlotKind, title: String, initial: String) {
        self.name = name
        self.kind = kind
        self.title = title
        self.initial = initial
    }
}
