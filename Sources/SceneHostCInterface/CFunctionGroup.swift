/// The groups of the host's functions in `scene_host_api`, in the order of the struct: each says
/// where its functions may be called.
package enum CFunctionGroup: String, CaseIterable, Sendable {
    case registration, screens, payloads, navigation, errors

    /// The group's heading in the header.
    package var heading: String {
        switch self {
        case .registration: return "Registration (inside register_scenes only)."
        case .screens: return "Screens (inside <Scene>ViewController_render only). Ids are unique within a screen."
        case .payloads: return "Payloads."
        case .navigation: return "Navigation (inside a ViewController or Router role)."
        case .errors: return "Errors."
        }
    }
}
