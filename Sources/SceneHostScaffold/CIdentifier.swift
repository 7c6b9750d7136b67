/// Checks the names `scene-host new scene --language c` puts into C code, symbols and file names.
///
/// The scene's name is the prefix of every role's symbol (`WeatherInteractor_create`) and of the state's
/// type, so it must be a C identifier as the host reads one (`declare_scene`): ASCII letters, digits and
/// `_`, not starting with a digit, at most `maximumBytes`. The plugin's name is the library's, the config
/// key's and the handshake's string, and follows the same rule. Every name the generated file declares is
/// the scene's name followed by a capitalized word, or a lower-case helper's (`copy_text`), so no name is
/// refused for clashing with C's keywords or the C library.
enum CIdentifier {
    /// The longest name the host takes (`declare_scene`).
    static let maximumBytes = 128

    /// The problem with `name`, or nil when it can be used.
    package static func problem(with name: String) -> ScaffoldError.CNameProblem? {
        guard let first = name.first else { return .empty }
        if first.isASCII, first.isNumber { return .digitStart }
        if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }) {
            return .invalidCharacter(bad)
        }
        if name.utf8.count > maximumBytes { return .tooLong(bytes: name.utf8.count) }
        return nil
    }
}
