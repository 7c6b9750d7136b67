import SceneHostCore
extension ScaffoldError {
    package var message: String { TerminalText.escaped("error: " + clause) }

    /// The exit code of `scene-host new scene` and `new plugin` when they refuse: a name, folder or option the user
    /// must change is a usage error; only a failed write (disk full, ...) has its own code.
    package var exitStatus: ExitStatus {
        switch self {
        case .invalidName, .nameClash, .targetExists, .outputMissing, .outputNotFolder, .outputNotWritable,
            .sdkNotFound, .sdkInvalid, .pluginFolderExists, .sceneTwice, .pluginNameClash, .namesCollide,
            .notNewPluginPackage, .pluginExists, .sceneExists, .optionWithInto, .containerKindsBoth, .slotInvalid,
            .unknownLanguage, .invalidCName, .optionNotForC:
            return .usage
        case .writeFailed:
            return .scaffoldError
        }
    }

    /// Why `scene-host new scene` or `new plugin` created nothing (or removed what it had begun), as a clause.
    package var clause: String {
        switch self {
        case .invalidName(let option, let value, let problem):
            let what = option.map { "\($0) '\(value)'" } ?? "the scene name '\(value)'"
            let rule =
                "Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter"
            switch problem {
            case .empty:
                return "\(option.map { "\($0) is empty" } ?? "the scene name is empty"). \(rule), e.g. 'Weather'."
            case .notUpperCaseStart:
                let suggestion =
                    value.first.map { "\($0.uppercased())\(value.dropFirst())" }.map { " (e.g. '\($0)')" } ?? ""
                return "\(what) does not start with an upper-case letter A-Z. \(rule)\(suggestion)."
            case .invalidCharacter(let character):
                return "\(what) holds '\(character)'. \(rule)."
            case .keyword:
                return "\(what) is a Swift keyword. Choose another name."
            case .reservedModule:
                return "\(what) is the name of a module the plugin imports. Choose another name."
            }
        case .nameClash(let scene, let plugin, let declared):
            return
                "the scene '\(scene)' in the plugin '\(plugin)' would declare \(declared), a name SceneSDK, the testing kit or Swift already uses. Choose another name (or --plugin)."
        case .targetExists(let path):
            return
                "\(path) already exists; 'scene-host new scene' never overwrites. Remove it, or choose another --plugin or --output."
        case .outputMissing(let path):
            return "the output folder \(path) does not exist. Create it, or pass --output with an existing folder."
        case .outputNotFolder(let path):
            return "the output \(path) is not a folder. Pass --output with a folder."
        case .outputNotWritable(let path):
            return
                "cannot create the package in \(path): you cannot write to that folder. Pass --output with a folder you can write to."
        case .sdkNotFound(let executable):
            return
                "cannot find the SceneSDK sources next to \(executable): no folder above it holds Sources/SceneSDK. Pass --sdk with the Sources/SceneSDK folder of the scene-host sources this host was built from."
        case .sdkInvalid(let path):
            return
                "--sdk '\(path)' is not the SceneSDK package (no Package.swift naming SceneSDK there). Pass the Sources/SceneSDK folder of the scene-host sources this host was built from."
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason). Nothing was left behind; fix the cause and run the command again."
        // The refusals only `new plugin` makes.
        case .pluginFolderExists(let path):
            return
                "\(path) already exists; 'scene-host new plugin' never overwrites. Remove it, or choose another "
                + "name (or --package, --output)."
        case .sceneTwice(let scene):
            return "the scene '\(scene)' is given twice. Give each --scene once."
        case .pluginNameClash(let plugin, let scene, let declared):
            let owner = scene.map { "the scene '\($0)' in the plugin '\(plugin)'" } ?? "the plugin '\(plugin)'"
            return
                "\(owner) would declare \(declared), a name SceneSDK, the testing kit or Swift already uses. "
                + "Choose another name."
        case .namesCollide(let plugin, let declared):
            return
                "the plugin '\(plugin)' would declare \(declared) twice: each scene NAME declares NAME, "
                + "NAMEViewController, NAMEWorker, NAMETests, ... and the plugin \(plugin)Plugin. Choose other --scene "
                + "names."
        case .notNewPluginPackage(let path):
            return
                "--into \(path) is not a package made by 'scene-host new plugin': its Package.swift is missing or "
                + "has no list of plugins ('let plugins = [' after the line '\(PluginList.startMarker)'). "
                + "Pass the folder of a package 'scene-host new plugin' made, or leave out --into to make a new one."
        case .pluginExists(let plugin, let existing, let package) where plugin == existing:
            return
                "the package \(package) already has the plugin '\(plugin)'. Choose another plugin name, or add "
                + "scenes to \(plugin) by hand (a folder per scene in Sources/\(plugin), registered in "
                + "\(plugin)Plugin)."
        case .pluginExists(let plugin, let existing, let package):
            let taken =
                PluginScaffold.targets(of: plugin).first { PluginScaffold.targets(of: existing).contains($0) }
                ?? plugin
            return
                "the plugin '\(plugin)' would add the target \(taken), which the plugin '\(existing)' of the "
                + "package \(package) already has. Choose another plugin name."
        case .sceneExists(let scene, let plugin, let package):
            return
                "the package \(package) already has a scene '\(scene)' (in the plugin '\(plugin)'); scene names "
                + "are unique in an app. Choose another --scene name."
        case .optionWithInto(let option):
            return
                "\(option) is for a new package, and --into adds to the package that is there. Leave out "
                + "\(option) (or --into)."
        // The refusals of `new scene --language`.
        case .unknownLanguage(let language):
            let known = SceneLanguage.allCases.map(\.rawValue).joined(separator: ", ")
            return
                "--language '\(language)' is not a language 'scene-host new scene' writes a scene in. Give one of: "
                + "\(known) (the default is swift)."
        case .invalidCName(let option, let value, let problem):
            return Self.cNameClause(option: option, value: value, problem)
        case .optionNotForC(let option) where option == "--sdk":
            return
                "--sdk is for a Swift scene: a C scene is built against the scene_host.h written beside it, not "
                + "against SceneSDK. Leave out --sdk (or --language c)."
        case .optionNotForC(let option):
            return
                "\(option) makes a container, which only a Swift scene can be: the C interface declares no slots. "
                + "Leave out \(option) (or --language c)."
        // The refusals of `new scene --tabs/--panes`.
        case .containerKindsBoth:
            return
                "--tabs and --panes cannot be given together: a container's slots are all tabs or all panes. Give "
                + "one of them; for a list and detail inside a tab, make a container of panes and name it as the tab's scene."
        case .slotInvalid(let option, let item, let text, let problem):
            let example = option == "--tabs" ? "orders:ListOrders,settings:Settings" : "list:OrderList,detail:PickOrder"
            let write = "Write each slot as NAME:SCENE, separated by commas (e.g. \(option) \(example))."
            let start = "\(option) item \(item) '\(text)'"
            switch problem {
            case .empty:
                return "\(option) item \(item) is empty. \(write)"
            case .noScene:
                return "\(start) names no scene. \(write)"
            case .tooManyColons:
                return "\(start) holds more than one ':'. \(write)"
            case .slotNameEmpty:
                return "\(start) has no slot name before ':'. \(write)"
            case .slotNameStart(let character):
                return
                    "\(start): the slot name starts with '\(character)'. Slot names become element ids and URLs: "
                    + "an ASCII letter, then letters, digits, '-' and '_'."
            case .slotNameCharacter(let character):
                return
                    "\(start): the slot name holds '\(character)'. Slot names become element ids and URLs: "
                    + "an ASCII letter, then letters, digits, '-' and '_'. \(write)"
            case .scene(let scene, let nameProblem):
                return "\(start): " + Self.sceneNameClause(scene, nameProblem)
            case .showsItself(let container):
                return
                    "\(start): the slot would show '\(container)', the container itself, nested in itself without "
                    + "end. Name another scene."
            case .slotTwice(let name, let firstItem):
                return "\(start): the slot '\(name)' is item \(firstItem) already. Give each slot a name of its own."
            }
        }
    }

    /// Why `value`, the C scene's name (`option` nil), `--plugin` or the default plugin name, is not a C identifier.
    private static func cNameClause(option: String?, value: String, _ problem: CNameProblem) -> String {
        let what = option.map { "\($0) '\(value)'" } ?? "the scene name '\(value)'"
        let rule =
            "A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): "
            + "ASCII letters, digits and '_', not starting with a digit, at most \(CIdentifier.maximumBytes) bytes"
        switch problem {
        case .empty:
            return "\(option.map { "\($0) is empty" } ?? "the scene name is empty"). \(rule), e.g. 'Weather'."
        case .digitStart:
            return "\(what) starts with a digit. \(rule)."
        case .invalidCharacter(let character):
            return "\(what) holds '\(character)'. \(rule)."
        case .tooLong(let bytes):
            return "\(what) is \(bytes) bytes long. \(rule)."
        }
    }

    /// Why `scene`, an initial scene of `--tabs` or `--panes`, is not a scene name the generated code can use.
    private static func sceneNameClause(_ scene: String, _ problem: NameProblem) -> String {
        let rule =
            "Scene names become Swift names in the generated code: letters A-Z and a-z, digits and '_', starting with an upper-case letter"
        switch problem {
        case .empty:
            return "the scene name after ':' is empty. \(rule), e.g. 'Settings'."
        case .notUpperCaseStart:
            let suggestion = scene.first.map { " (e.g. '\($0.uppercased())\(scene.dropFirst())')" } ?? ""
            return "the scene '\(scene)' does not start with an upper-case letter A-Z. \(rule)\(suggestion)."
        case .invalidCharacter(let character):
            return "the scene '\(scene)' holds '\(character)'. \(rule)."
        case .keyword:
            return "the scene '\(scene)' is a Swift keyword. Name another scene."
        case .reservedModule:
            return "the scene '\(scene)' is the name of a module the plugin imports. Name another scene."
        }
    }
}
