@_spi(SceneHost) import SceneSDK
import SceneHostNavigation

extension Navigator {
    /// Performs one frontend command on the scene on top.
    package func execute(_ command: FrontendCommand) throws {
        switch command {
        case .fill(let field, let text): try send(.edit(field: field, text: text))
        case .tap(let button): try send(.tap(button: button))
        case .select(let list, let row): try send(.select(list: list, row: row))
        case .back: try back()
        case .backTo(let scene): try leave(to: .scene(scene))
        case .dismiss: try leave(to: .dismissModal)
        case .print, .call: break  // `call` is run by the frontend (NativeInvocation): it changes no screen.
        }
    }

    /// The screen on top as text, with where the user is (shortened when the stack is deep).
    package func renderedScreen() throws -> String {
        ScreenTextRenderer.render(try screen(), path: ScreenTextRenderer.breadcrumb(layers.map { $0.map(\.name) }))
    }
}
