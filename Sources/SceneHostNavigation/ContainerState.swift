@_spi(SceneHost) import SceneSDK

/// What the navigator keeps of one container scene beside its four parts: each slot's stack and
/// which slot has the focus (the tab shown, or the pane acted in last).
///
/// The focused slot's stack is "open" while the container is the last scene of its stack: it is
/// then a layer of the navigator's own (`Navigator.layers`, marked with the slot's name in
/// `layerSlots`), so pushing, presenting and going back inside it work as on any stack, and its
/// entry here is empty. Every other slot's stack is kept here as it was left, as UIKit keeps a tab
/// that is not shown. A slot's stack is never empty: going back from its first scene leaves the container.
struct ContainerState {
    let slots: [DeclaredSlot]
    /// Each slot's stack while it is not open, in declared order.
    var stacks: [[AssembledScene]]
    var focus: Int
    var isOpen = false

    /// The index of the slot `name`, if the container has one.
    func index(of name: String) -> Int? {
        slots.firstIndex { $0.name == name }
    }

    var kind: SlotKind { slots.first?.kind ?? .tab }
}
