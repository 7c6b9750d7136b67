/// Routing by scene name, for every router.
extension RouterRole {
    /// Routes to the scene named `destination`, passing `input` into its DataStore.
    ///
    /// With a `segue` (the host is performing it) the input is attached to the segue and the host
    /// navigates after the handler returns. Without one the router navigates itself in `style`;
    /// `destination` must be one of the routes declared in the scene's `SceneDefinition`.
    /// Errors are typed (`SceneError`, or the host's) and leave everything as it was.
    ///
    /// Disfavoured against the typed forms (`route(to: .detail, ...)`): with both in play, a
    /// misspelt static member of `Route` only gets Swift's "cannot be resolved without a
    /// contextual type"; with the typed forms preferred, the error names `Route<Payload>`.
    @_disfavoredOverload
    public func route<Input: Encodable>(to destination: String, segue: Segue?, style: NavigationStyle = .push, passing input: Input) throws {
        // In code, the navigator gets the typed value: it may hand it over as it is when the
        // destination declared exactly its type (docs/decisions.md, "Navigation fast path").
        if let segue {
            // Kept as it is: the host converts it into the destination's own input type without
            // encoding a payload when it can, and encodes it (once) otherwise.
            try segue.check(destination: destination)
            segue.pass(input)
            return
        }
        guard let navigator = context.navigator else {
            try route(to: destination, segue: segue, style: style, payload: ScenePayload(input))
            return
        }
        try navigator.navigate(from: context, to: destination, style: style, passing: input)
    }

    /// Routes to the scene named `destination` without passing data.
    @_disfavoredOverload
    public func route(to destination: String, segue: Segue?, style: NavigationStyle = .push) throws {
        try route(to: destination, segue: segue, style: style, payload: nil)
    }

    /// Leaves this scene: pops it, or dismisses it when it is the root of a modal. Its declared
    /// result (`SceneDefinition.returning`) goes to the scene shown next.
    public func routeBack() throws {
        try attachedNavigator().leave(from: context, to: .previous)
    }

    /// Pops down to the scene named `scene`, below this one in the same stack.
    public func routeBack(to scene: String) throws {
        try attachedNavigator().leave(from: context, to: .scene(scene))
    }

    /// Dismisses the modal this scene is in, with every scene pushed on it.
    public func dismiss() throws {
        try attachedNavigator().leave(from: context, to: .dismissModal)
    }

    /// Shows `destination` in the slot `slot` of the container this scene is in (or is), and
    /// selects that slot: `.push` pushes onto the slot's stack, `.replace` makes it the slot's only
    /// scene. The route must be declared, as every route. Data passes only through the route's
    /// input: a scene never reaches into a sibling slot's DataStore.
    public func route(to destination: String, inSlot slot: String, style: NavigationStyle = .push, payload: ScenePayload?) throws {
        try attachedNavigator().navigate(from: context, to: destination, inSlot: slot, style: style, payload: payload)
    }

    /// Selects the tab `name` of the container this scene is in (or is), as a tap on the tab bar
    /// does; for a container of panes, moves the focus to the pane. The tab's stack is shown as it
    /// was left.
    public func selectTab(_ name: String) throws {
        try attachedNavigator().select(from: context, slot: name)
    }

    /// Routes with a payload encoded elsewhere: the host's, for scenes whose payload types are known
    /// only at run time (a C scene's). Plugins pass typed values.
    @_spi(SceneHost)
    public func route(to destination: String, segue: Segue?, style: NavigationStyle, payload: ScenePayload?) throws {
        if let segue {
            try segue.check(destination: destination)
            segue.pass(payload: payload)
            return
        }
        try attachedNavigator().navigate(from: context, to: destination, style: style, payload: payload)
    }

    private func attachedNavigator() throws -> any SceneNavigating {
        guard let navigator = context.navigator else {
            throw SceneError.routerNotAttached(router: String(describing: type(of: self)))
        }
        return navigator
    }
}
