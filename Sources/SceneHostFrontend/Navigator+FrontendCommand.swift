@_spi(SceneHost) import SceneSDK
import SceneHostNavigation

extension Navigator {
    /// Performs one frontend command on the scene on top.
    package func execute(_ command: FrontendCommand) throws {
        switch command {
        case .fill(let field, let text): try send(.edit(field: field, text: text))
        case .tap(let button): try send(.tap(button: button))
        case .select(let list, let row): try send(.select(list: list, row: row))
        case .toggle(let toggle, let isOn):
            let screen = try screen()
            guard let isOn else {
                // Switching over needs the state shown; with no such toggle the event names what there is.
                if case .toggle(_, _, let shown)? = screen.element(id: toggle) {
                    try send(.set(toggle: toggle, isOn: !shown))
                } else {
                    try send(.set(toggle: toggle, isOn: true))
                }
                return
            }
            try send(.set(toggle: toggle, isOn: isOn))
        case .choose(let choice, let option) where choice == Navigator.tabBarID && Int(option) == nil:
            // `tab NAME`: the innermost container shown with a slot of that name or title.
            try selectSlot(named: option)
        case .choose(let choice, let option):
            try send(.choose(choice: choice, option: try optionIndex(option, of: choice, on: try screen())))
        case .back: try back()
        case .backTo(let scene): try leave(to: .scene(scene))
        case .dismiss: try leave(to: .dismissModal)
        case .print, .call, .wait: break  // `call` and `wait` are run by the frontend: they change no screen.
        }
    }

    /// `option` of the choice `choice` as an index: a number is an index (checked against the
    /// options when the event is sent), any other text must be one option's text exactly.
    private func optionIndex(_ option: String, of choice: String, on screen: Screen) throws -> Int {
        if let index = Int(option) { return index }
        // No such choice: the event sent then is refused by its check, which names the choices there are.
        guard case .choice(_, _, let options, _)? = screen.element(id: choice) else { return 0 }
        guard let index = options.firstIndex(of: option) else {
            throw NavigationError.noSuchOption(scene: top?.name ?? "", choice: choice, option: option, options: options)
        }
        return index
    }

    /// The screen on top as text, with where the user is (shortened when the stack is deep).
    func renderedScreen() throws -> String {
        ScreenTextRenderer.render(
            try screen(), path: ScreenTextRenderer.breadcrumb(layers.map { $0.map(\.name) }, slots: layerSlots))
    }
}
