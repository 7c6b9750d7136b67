@_spi(SceneTesting) import SceneSDK

/// Refuses an event whose element the screen does not have, before the scene sees it: the host's
/// rule (`Screen.mismatch(for:)`), with the kit's errors.
enum EventCheck {
    static func validate(_ event: UserEvent, on screen: Screen, scene: String) throws(SceneTestingError) {
        switch screen.mismatch(for: event) {
        case nil: return
        case .noSuchElement(let id, let kind, let available)?:
            throw SceneTestingError.noSuchElement(scene: scene, id: id, kind: kind, available: available)
        case .rowOutOfRange(let list, let row, let count)?:
            throw SceneTestingError.rowOutOfRange(scene: scene, list: list, row: row, count: count)
        case .optionOutOfRange(let choice, let option, let count)?:
            throw SceneTestingError.optionOutOfRange(scene: scene, choice: choice, option: option, count: count)
        }
    }
}
