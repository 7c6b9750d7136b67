import SceneSDK

/// Checks that an event refers to an element the screen really has, before anyone acts on it.
enum EventValidator {
    static func validate(_ event: UserEvent, on screen: Screen, scene: String) throws {
        switch event {
        case .tap(let id):
            try require(id, kind: "button", on: screen, scene: scene) { if case .button = $0 { true } else { false } }
        case .edit(let id, _):
            try require(id, kind: "text field", on: screen, scene: scene) { if case .textField = $0 { true } else { false } }
        case .select(let id, let row):
            try require(id, kind: "list", on: screen, scene: scene) { if case .list = $0 { true } else { false } }
            if case .list(_, let rows)? = screen.element(id: id), !rows.indices.contains(row) {
                throw NavigationError.rowOutOfRange(scene: scene, list: id, row: row, count: rows.count)
            }
        }
    }

    private static func require(_ id: String, kind: String, on screen: Screen, scene: String, matches: (ScreenElement) -> Bool) throws {
        guard let element = screen.element(id: id), matches(element) else {
            let available = screen.elements.filter(matches).map(\.id)
            throw NavigationError.noSuchElement(scene: scene, id: id, kind: kind, available: available)
        }
    }
}
