/// The language `scene-host new scene --language` writes the scene in.
package enum SceneLanguage: String, CaseIterable, Sendable {
    /// A SwiftPM package of the six Clean Swift files against SceneSDK (the default).
    case swift
    /// One C file, the interface header and a Makefile (`CSceneScaffold`).
    case c

    /// The language `--language` names, as given; throws `ScaffoldError.unknownLanguage`.
    package init(option: String) throws {
        guard let language = SceneLanguage(rawValue: option) else { throw ScaffoldError.unknownLanguage(option) }
        self = language
    }
}
