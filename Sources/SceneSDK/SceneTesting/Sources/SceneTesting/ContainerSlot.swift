import SceneSDK

/// One slot of the container scene under test, as its `SceneDefinition` declares it
/// (`.tab(_:title:initial:)`, `.pane(_:title:initial:)`): what `SceneTestKit.slots` lists. The SDK's
/// own record of a declared slot, under the name the kit's tests read best.
///
/// A test compares the whole list, in declared order: the first slot is the one shown first.
public typealias ContainerSlot = DeclaredSlot
