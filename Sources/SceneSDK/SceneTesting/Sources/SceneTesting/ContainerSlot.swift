@_spi(SceneTesting) import SceneSDK

/// One slot of the container scene under test, as its `SceneDefinition` declares it
/// (`.tab(_:title:initial:)`, `.pane(_:title:initial:)`): what `SceneTestKit.slots` lists.
///
/// A test compares the whole list, in declared order: the first slot is the one shown first.
public struct ContainerSlot: Equatable, Sendable {
    /// The slot's name: routers, `selectTab` and `pane(_:)` name it.
    public let name: String
    /// Tab (one shown at a time) or pane (shown together).
    public let kind: SlotKind
    /// What the tab bar or the pane's heading shows.
    public let title: String
    /// The scene the slot shows first (a `Route<Void>`'s destination).
    public let initial: String

    public init(name: String, kind: SlotKind, title: String, initial: String) {
        self.name = name
        self.kind = kind
        self.title = title
        self.initial = initial
    }
}
