import SceneHostCore
/// Why `scene-host new scene` refused to create a plugin package, or could not finish it.
///
/// Its text and exit code are in `ScaffoldError+Message.swift`.
package enum ScaffoldError: HostConcernError, Equatable, Sendable {
    /// NAME (`option` is nil) or `--plugin` (`option` is "--plugin") is not usable as a Swift type and module name.
    case invalidName(option: String?, value: String, NameProblem)
    /// The package folder is there already: the command never overwrites.
    case targetExists(path: String)
    case outputMissing(path: String)
    case outputNotFolder(path: String)
    case outputNotWritable(path: String)
    /// No `--sdk`, and the running scene-host was not built from a checkout that holds the SDK.
    case sdkNotFound(executable: String)
    /// The package would declare `declared`, a name SceneSDK, the testing kit or Swift already uses.
    case nameClash(scene: String, plugin: String, declared: String)
    /// `--sdk` names a folder that is not the SceneSDK package.
    case sdkInvalid(path: String)
    /// Writing a file failed half-way; what was written has been removed.
    case writeFailed(path: String, reason: String)

    /// What is wrong with a name.
    package enum NameProblem: Equatable, Sendable {
        case empty
        /// The first character is not an ASCII upper-case letter.
        case notUpperCaseStart
        /// A character other than ASCII letters, digits and `_`.
        case invalidCharacter(Character)
        case keyword
        /// The name of a module the generated package imports.
        case reservedModule
    }
}
