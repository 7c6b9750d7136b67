/// The rule for ids and scene names: the config may only declare what a script or the terminal can type.
///
/// Shared by the config (which refuses such names) and the commands (which read them).
package enum TypableName {
    /// Whether `name` can be typed as one id of a command (`tap ID`, `back SCENE`): no spaces,
    /// tabs or other separators, no control or invisible format characters.
    package static func isTypable(_ name: String) -> Bool {
        // Printable ASCII (every name in practice) needs no Unicode property look-up: only the
        // control characters and the space are refused there.
        if name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) { return true }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
                .unassigned:
                return false
            default:
                return true
            }
        }
    }
}
