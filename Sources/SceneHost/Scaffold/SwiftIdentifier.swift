/// Checks the names `scene-host new scene` puts into Swift code, file names and module names.
///
/// Only ASCII letters, digits and `_`, starting with an upper-case letter: the name becomes a
/// type, a file name and (for the plugin) a module and library name, so it must be all three.
enum SwiftIdentifier {
    /// Swift's keywords that start with an upper-case letter; the lower-case ones are already
    /// excluded by the first-letter rule.
    static let capitalizedKeywords: Set<String> = ["Any", "Protocol", "Self", "Type"]

    /// Modules the generated package imports: a plugin named like one would shadow it.
    static let reservedModules: Set<String> = ["SceneSDK", "SceneTesting", "SceneABI", "Testing", "Foundation", "Swift", "Glibc", "XCTest"]

    /// The problem with `name`, or nil when it can be used.
    static func problem(with name: String) -> ScaffoldError.NameProblem? {
        guard let first = name.first else { return .empty }
        guard first.isASCII, first.isUppercase else { return .notUpperCaseStart }
        if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }) {
            return .invalidCharacter(bad)
        }
        if capitalizedKeywords.contains(name) { return .keyword }
        if reservedModules.contains(name) { return .reservedModule }
        return nil
    }
}
