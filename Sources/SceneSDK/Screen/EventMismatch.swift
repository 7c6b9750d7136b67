/// Why an event does not fit the screen it is sent to.
///
/// The one rule the host and the testing kit share: both refuse such an event before the scene
/// sees it, each with its own error type.
@_spi(SceneHost) @_spi(SceneTesting) public enum EventMismatch: Equatable, Sendable {
    /// No element `id` of this kind; `available` lists the ids of those there are.
    case noSuchElement(id: String, kind: String, available: [String])
    case rowOutOfRange(list: String, row: Int, count: Int)
    case optionOutOfRange(choice: String, option: Int, count: Int)
}

extension Screen {
    /// What is wrong with sending `event` to this screen, or nil when its element is there.
    @_spi(SceneHost) @_spi(SceneTesting) public func mismatch(for event: UserEvent) -> EventMismatch? {
        switch event {
        case .tap(let id):
            return missing(id, kind: "button") { if case .button = $0 { true } else { false } }
        case .edit(let id, _):
            return missing(id, kind: "text field") {
                switch $0 {
                case .textField, .textArea, .secureField: true
                case .label, .alert, .toggle, .choice, .button, .list, .progress, .section: false
                }
            }
        case .select(let id, let row):
            if let problem = missing(id, kind: "list", matches: { if case .list = $0 { true } else { false } }) { return problem }
            if case .list(_, let rows)? = element(id: id), !rows.indices.contains(row) {
                return .rowOutOfRange(list: id, row: row, count: rows.count)
            }
            return nil
        case .set(let id, _):
            return missing(id, kind: "toggle") { if case .toggle = $0 { true } else { false } }
        case .choose(let id, let option):
            if let problem = missing(id, kind: "choice", matches: { if case .choice = $0 { true } else { false } }) { return problem }
            if case .choice(_, _, let options, _)? = element(id: id), !options.indices.contains(option) {
                return .optionOutOfRange(choice: id, option: option, count: options.count)
            }
            return nil
        }
    }

    private func missing(_ id: String, kind: String, matches: (ScreenElement) -> Bool) -> EventMismatch? {
        guard let found = element(id: id), matches(found) else {
            return .noSuchElement(id: id, kind: kind, available: allElements.filter(matches).map(\.id))
        }
        return nil
    }
}
