extension CInterface {
    /// The forms `scene-host interface` writes the interface in.
    package enum Format: String, CaseIterable, Sendable {
        /// The header, `scene_host.h`.
        case c
        /// The machine-readable description.
        case json
    }

    /// The interface in `format`.
    package static func text(_ format: Format) -> String {
        switch format {
        case .c: return header
        case .json: return descriptionJSON
        }
    }
}
