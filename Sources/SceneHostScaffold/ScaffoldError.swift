import SceneHostCore
/// Why `scene-host new scene` or `new plugin` refused to create (or add to) a plugin package, or could
/// not finish it.
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

    // `new plugin`

    /// A folder `new plugin` would create (the package, or a plugin's folder in it) is there already.
    case pluginFolderExists(path: String)
    /// A scene is named twice (`--scene Cart --scene Cart`).
    case sceneTwice(scene: String)
    /// The plugin would declare `declared`, a name SceneSDK, the testing kit or Swift already uses;
    /// `scene` is the scene that declares it, nil for the plugin's own names.
    case pluginNameClash(plugin: String, scene: String?, declared: String)
    /// The plugin would declare `declared` twice (from its name and its scenes' names).
    case namesCollide(plugin: String, declared: String)
    /// `--into` names a folder without a Package.swift that `new plugin` made (its list of plugins).
    case notNewPluginPackage(path: String)
    /// The package has the plugin `existing`, whose targets the plugin `plugin` would declare again.
    case pluginExists(plugin: String, existing: String, package: String)
    /// The package has a scene of that name already, in the plugin `plugin`.
    case sceneExists(scene: String, plugin: String, package: String)
    /// `option` (--output, --package, --sdk) is for a new package, and cannot be given with `--into`.
    case optionWithInto(option: String)

    // `new scene --tabs/--panes`

    /// Both `--tabs` and `--panes`: a container's slots are all of one kind.
    case containerKindsBoth
    /// Item `item` (1-based) of `--tabs` or `--panes` (`option`), whose text is `text`, is not a slot.
    case slotInvalid(option: String, item: Int, text: String, SlotProblem)

    // `new scene --language`

    /// `--language` names no language `new scene` writes (`SceneLanguage`).
    case unknownLanguage(String)
    /// NAME (`option` is nil), `--plugin` or the default plugin name is not a C identifier the host takes.
    case invalidCName(option: String?, value: String, CNameProblem)
    /// `option` (--sdk, --tabs, --panes) is for a Swift scene, and was given with `--language c`.
    case optionNotForC(option: String)

    /// What is wrong with one item of `--tabs` or `--panes`.
    package enum SlotProblem: Equatable, Sendable {
        /// Nothing between two commas (or an empty option).
        case empty
        /// No `:` and scene after the slot's name.
        case noScene
        /// More than one `:`.
        case tooManyColons
        case slotNameEmpty
        /// The slot's name starts with something other than an ASCII letter.
        case slotNameStart(Character)
        /// A character other than ASCII letters, digits, `-` and `_` in the slot's name.
        case slotNameCharacter(Character)
        /// The scene's name is not a Swift type name.
        case scene(String, NameProblem)
        /// The slot would show the container itself (a container nested in itself without end).
        case showsItself(container: String)
        /// The name was given already, in item `firstItem`.
        case slotTwice(name: String, firstItem: Int)
    }

    /// What is wrong with the name of a C scene or plugin (`CIdentifier`).
    package enum CNameProblem: Equatable, Sendable {
        case empty
        /// The first character is an ASCII digit.
        case digitStart
        /// A character other than ASCII letters, digits and `_`.
        case invalidCharacter(Character)
        /// More bytes than the host takes (`CIdentifier.maximumBytes`).
        case tooLong(bytes: Int)
    }

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
