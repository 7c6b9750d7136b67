/// Checks the names `scene-host new scene` puts into Swift code, file names and module names.
///
/// Only ASCII letters, digits and `_`, starting with an upper-case letter: the name becomes a
/// type, a file name and (for the plugin) a module and library name, so it must be all three.
enum SwiftIdentifier {
    /// Swift's keywords that start with an upper-case letter; the lower-case ones are already
    /// excluded by the first-letter rule.
    static let capitalizedKeywords: Set<String> = ["Any", "Protocol", "Self", "Type"]

    /// Modules the generated package imports: a plugin named like one would shadow it.
    static let reservedModules: Set<String> = [
        "SceneSDK", "SceneTesting", "SceneABI", "Testing", "Foundation", "Swift", "Glibc", "XCTest",
    ]

    /// The problem with `name`, or nil when it can be used.
    package static func problem(with name: String) -> ScaffoldError.NameProblem? {
        guard let first = name.first else { return .empty }
        guard first.isASCII, first.isUppercase else { return .notUpperCaseStart }
        if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }) {
            return .invalidCharacter(bad)
        }
        if capitalizedKeywords.contains(name) { return .keyword }
        if reservedModules.contains(name) { return .reservedModule }
        return nil
    }

    /// Names the generated code uses from SceneSDK, the testing kit and Swift's standard library:
    /// a generated type of the same name would shadow it and break the build.
    static let usedNames: Set<String> = [
        "AssembledScene", "BackTarget", "ContractInfo", "ContractKind", "DeclaredRoute", "FieldMismatch",
        "InteractorRole",
        "NavigationStyle", "PayloadDecoder", "PayloadEncoder", "PayloadSchema", "PayloadValue", "PluginRegistration",
        "PresenterRole", "RouteHandlerName", "RouterContext", "RouterRole", "SceneBlueprint", "SceneDefinition",
        "SceneDisplaying", "SceneError", "SceneInteractor", "SceneNavigating", "ScenePart", "ScenePayload",
        "ScenePlugin", "ScenePresenter", "SceneRegistry", "SceneRouter", "SceneSDKInfo", "SceneViewController",
        "Screen",
        "ScreenElement", "Segue", "ServiceResolving", "UserEvent", "ViewControllerRole",
        "SceneTestKit", "RecordingNavigator", "RecordedNavigation", "RecordedRoute", "RecordedExit",
        "SceneTestingError", "ContainerSlot", "SlotKind", "Route",
        "String", "Character", "Bool", "Int", "Error", "Never", "Void", "Optional", "Array", "Sendable", "MainActor",
        "AnyObject", "UnsafeRawPointer", "Suite", "Test",
    ]

    /// What each scene declares after its name: its types, the models' enum ("") and its test suite.
    static let sceneSuffixes = [
        "", "ViewController", "Interactor", "Presenter", "Router", "Worker", "Models", "BusinessLogic",
        "PresentationLogic", "DisplayLogic", "RoutingLogic", "DataPassing", "DataStore", "Tests",
    ]

    /// The first name the generated package would declare that SceneSDK, the kit or Swift already uses.
    package static func clash(scene: String, plugin: String) -> String? {
        let declared = sceneSuffixes.map { scene + $0 } + [plugin, plugin + "Plugin", plugin + "Tests"]
        return declared.first { usedNames.contains($0) }
    }

    /// The first problem with the names a plugin of `new plugin` would declare (its targets, its plugin
    /// type and each scene's types): one SceneSDK, the kit or Swift already uses, or a type declared twice
    /// (the scene `ShopPlugin` of the plugin `Shop` would declare the plugin's type again). A type may be
    /// named like a module (the scene `Shop` of the plugin `Shop`): the generated code never qualifies a
    /// name with its module.
    static func clash(plugin: String, scenes: [String]) -> ScaffoldError? {
        let types =
            [(name: plugin + "Plugin", scene: String?.none)]
            + scenes.flatMap { scene in sceneSuffixes.map { (name: scene + $0, scene: Optional(scene)) } }
        let declared = PluginScaffold.targets(of: plugin).map { (name: $0, scene: String?.none) } + types
        if let used = declared.first(where: { usedNames.contains($0.name) }) {
            return .pluginNameClash(plugin: plugin, scene: used.scene, declared: used.name)
        }
        var seen: Set<String> = []
        for name in types.map(\.name) where !seen.insert(name).inserted {
            return .namesCollide(plugin: plugin, declared: name)
        }
        return nil
    }
}
