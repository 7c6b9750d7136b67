@_spi(SceneHost) import SceneSDK

/// Refuses an event whose element the screen does not have (the SDK's `Screen.mismatch(for:)`), before anyone acts on it.
enum EventValidator {
    package static func validate(_ event: UserEvent, on screen: Screen, scene: String) throws(NavigationError) {
        switch screen.mismatch(for: event) {
        case nil: return
        case .noSuchElement(let id, let kind, let available)?:
            throw NavigationError.noSuchElement(scene: scene, id: id, kind: kind, available: available)
        case .rowOutOfRange(let list, let row, let count)?:
            throw NavigationError.rowOutOfRange(scene: scene, list: list, row: row, count: count)
        case .optionOutOfRange(let choice, let option, let count)?:
            throw NavigationError.optionOutOfRange(scene: scene, choice: choice, option: option, count: count)
        }
    }
}
