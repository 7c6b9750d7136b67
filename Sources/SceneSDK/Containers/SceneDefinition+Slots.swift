extension SceneDefinition {
    // MARK: Containers

    /// Makes the scene a container of tabs, adding the tab `name`: a stack of its own, shown while
    /// the tab is selected and kept as it was while another is (a `UITabBarController`'s tab).
    ///
    /// Each container the host shows builds every slot's `initial` scene (a route that passes
    /// nothing, to a scene in any plugin). The first slot declared is shown first. `scene-host
    /// check` refuses an unknown scene, a slot declared twice, an initial scene that needs input,
    /// and a container that mixes tabs and panes. Routers select a tab with `selectTab(_:)` and
    /// push into a slot with a route that names it (`Route("Settings", slot: "settings")`).
    /// ```swift
    /// SceneDefinition("Main", ...)
    ///     .tab("orders", title: "Orders", initial: .ordersSplit)
    ///     .tab("settings", title: "Settings", initial: .settings)
    /// ```
    public func tab(_ name: String, title: String, initial: Route<Void>) -> Self {
        adding(DeclaredSlot(name: name, kind: .tab, title: title, initial: initial.destination))
    }

    /// Makes the scene a container of panes, adding the pane `name`: a stack of its own, shown
    /// beside the container's other panes (a split view's list and detail).
    ///
    /// A router shows a scene in a pane with a route that names it (`Route("ShowOrder", style:
    /// .replace, slot: "detail")`, the split view's "show detail"); as `tab(_:title:initial:)` otherwise.
    public func pane(_ name: String, title: String, initial: Route<Void>) -> Self {
        adding(DeclaredSlot(name: name, kind: .pane, title: title, initial: initial.destination))
    }

    func adding(_ slot: DeclaredSlot) -> Self {
        var copy = self
        // A slot declared twice is kept twice: `check` names it, instead of one silently winning.
        copy.slots.append(slot)
        return copy
    }
}
