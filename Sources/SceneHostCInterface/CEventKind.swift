@_spi(SceneHost) import SceneSDK

/// The kinds of event a C scene handles, one per case of `UserEvent` (named as the case), each by
/// the role `UserEvent.cRole(for:)` names.
package enum CEventKind: String, CaseIterable, Sendable {
    case edit, tap, select, set, choose

    /// The kind of `event`. One case per case of `UserEvent`, and no default, like `cRole(for:)`.
    package init(_ event: UserEvent) {
        switch event {
        case .edit: self = .edit
        case .tap: self = .tap
        case .select: self = .select
        case .set: self = .set
        case .choose: self = .choose
        }
    }

    /// An event of this kind.
    package var example: UserEvent {
        switch self {
        case .edit: return .edit(field: "", text: "")
        case .tap: return .tap(button: "")
        case .select: return .select(list: "", row: 0)
        case .set: return .set(toggle: "", isOn: false)
        case .choose: return .choose(choice: "", option: 0)
        }
    }

    /// The role of a C scene that handles such an event.
    package var role: CRole { UserEvent.cRole(for: example) }
}
