@_spi(SceneTesting) import SceneSDK

/// What the testing kit refuses: the host would refuse the same thing, or the test asked for
/// something the scene does not have. Errors of the SDK itself (`SceneError`) pass through unchanged.
public enum SceneTestingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No scene of this name was loaded into the kit.
    case unknownScene(scene: String, registered: [String])
    /// Two loaded definitions share one name.
    case duplicateScene(scene: String)
    /// One plugin's `register(in:)` registers the same scene twice (the host refuses the plugin alike).
    case sceneRegisteredTwice(scene: String, plugin: String)
    /// The test drove the scene before `start`, or after it left or was released.
    case noScene
    /// The scene routed to a destination that is on top now; the test must `returnToScene` first.
    case notOnTop(scene: String, top: String)
    /// The router routed to a scene its `SceneDefinition` does not declare a route to.
    case routeNotDeclared(scene: String, destination: String, declared: [String])
    /// The router took a route in code in another style than its `Route` declares (the host refuses it alike).
    case routeStyleMismatch(scene: String, destination: String, declared: NavigationStyle, requested: NavigationStyle)
    /// An event names an element the screen does not have (or of another kind).
    case noSuchElement(scene: String, id: String, kind: String, available: [String])
    /// A selected row is outside the list.
    case rowOutOfRange(scene: String, list: String, row: Int, count: Int)
    /// A chosen option is outside the choice.
    case optionOutOfRange(scene: String, choice: String, option: Int, count: Int)
    /// A choice has no option of this text.
    case noSuchOption(scene: String, choice: String, option: String, options: [String])
    /// `returnToScene` was called while the scene is on top.
    case nothingAbove(scene: String)
    /// A recorded route passed nothing, and the test asked for its payload.
    case noPayload(destination: String)
    /// A recorded exit handed nothing back, and the test asked for its result.
    case noResult
    /// Parts of the scene are still alive after the kit released it: something holds them strongly.
    case leaked(scene: String, parts: [String])
    /// The kit's settings do not fit what the plugin declares (`ScenePlugin.settings`), as the host
    /// would refuse the same `[plugins.NAME.settings]` table.
    case settingsRefused(plugin: String, [SettingProblem])
    /// The plugin's own declarations (`ScenePlugin.settings`) cannot be checked: the host refuses it.
    case settingsMalformed(plugin: String, reason: String)
    /// What an await waited for (`awaitScreen`, `awaitRoute`, `awaitExit`) did not come within
    /// `limit`; `saw` is the last screen, the work still running and the navigation recorded.
    case awaitTimedOut(scene: String, waitingFor: String, limit: Duration, saw: String)
    /// The scene left (or another went on top) while an await waited for something only it could
    /// show; `navigation` is what was recorded.
    case sceneLeftWhileAwaiting(scene: String, waitingFor: String, navigation: String)
    /// The test drove a slot (`selectTab`, `pane`) of a scene that declares none.
    case notAContainer(scene: String)
    /// A slot the container scene under test does not declare (`SceneDefinition.tab`, `.pane`).
    case unknownSlot(scene: String, slot: String, declared: [String])
    /// A slot's initial scene is not loaded into the kit, so `pane` cannot build it.
    case slotSceneNotLoaded(scene: String, slot: String, initial: String, loaded: [String])
    /// A route into a slot was taken in a style other than push or replace (the host refuses it alike).
    case slotStyleRefused(scene: String, destination: String, slot: String, style: NavigationStyle)

    public var description: String {
        switch self {
        case .unknownScene(let scene, let registered):
            return "scene '\(scene)' is not loaded into the kit (loaded: \(Self.list(registered))): load its plugin or definition first"
        case .duplicateScene(let scene):
            return "scene '\(scene)' is loaded twice: load each plugin or definition once"
        case .sceneRegisteredTwice(let scene, let plugin):
            return "plugin '\(plugin)' registers scene '\(scene)' twice in its register(in:): register each scene once"
        case .noScene:
            return "no scene is on screen: call start(_:) first, and not after the scene left or was released"
        case .notOnTop(let scene, let top):
            return "'\(scene)' is not on top ('\(top)' is, after the last route): call returnToScene() first"
        case .routeNotDeclared(let scene, let destination, let declared):
            // A name close to a declared one is a typo in the router: never advise declaring the typo.
            if let close = Self.closest(to: destination, in: declared) {
                return "'\(scene)' routed to '\(destination)', which its SceneDefinition does not declare (declared: \(Self.list(declared))). Did you mean '\(close)'? Fix the name in the router's route(to: \"\(destination)\")"
            }
            return "'\(scene)' routed to '\(destination)', which its SceneDefinition does not declare (declared: \(Self.list(declared))): add .route(to: \"\(destination)\") to the definition"
        case .routeStyleMismatch(let scene, let destination, let declared, let requested):
            return "'\(scene)' routed to '\(destination)' with style '\(requested.rawValue)', but its Route declares '\(declared.rawValue)': leave out style: to take the route as declared, or declare the Route with style: .\(requested.rawValue)"
        case .noSuchElement(let scene, let id, let kind, let available):
            return "'\(scene)' has no \(kind) '\(id)' on its screen (\(kind)s: \(Self.list(available)))"
        case .rowOutOfRange(let scene, let list, let row, let count):
            return "'\(scene)': row \(row) of list '\(list)' does not exist (it has \(count) rows)"
        case .optionOutOfRange(let scene, let choice, let option, let count):
            return "'\(scene)': option \(option) of choice '\(choice)' does not exist (it has \(count) options)"
        case .noSuchOption(let scene, let choice, let option, let options):
            if let close = Self.closest(to: option, in: options) {
                return "'\(scene)': choice '\(choice)' has no option '\(option)'. Did you mean '\(close)'?"
            }
            return "'\(scene)': choice '\(choice)' has no option '\(option)' (options: \(Self.list(options)))"
        case .nothingAbove(let scene):
            return "'\(scene)' is on top: nothing above it can return"
        case .noPayload(let destination):
            return "the route to '\(destination)' passed no payload"
        case .noResult:
            return "the scene handed no result back"
        case .leaked(let scene, let parts):
            return "'\(scene)' was released but its \(parts.joined(separator: ", ")) still live: a strong reference cycle (upward references must be weak)"
        case .settingsRefused(let plugin, let problems):
            return "plugin '\(plugin)' refuses the kit's settings: " + problems.map(\.description).joined(separator: "; ")
        case .settingsMalformed(let plugin, let reason):
            return "plugin '\(plugin)' declares settings the host cannot check: \(reason); the host refuses it"
        case .awaitTimedOut(let scene, let waitingFor, let limit, let saw):
            return "'\(scene)': \(waitingFor) did not come within \(Self.seconds(limit)). It saw \(saw)"
        case .sceneLeftWhileAwaiting(let scene, let waitingFor, let navigation):
            return "'\(scene)' left (navigation: \(navigation)) while the test awaited \(waitingFor): await what it did "
                + "instead (awaitExit, awaitRoute)"
        case .notAContainer(let scene):
            return "'\(scene)' is not a container: its SceneDefinition declares no .tab or .pane. Start the container scene to drive its slots"
        case .unknownSlot(let scene, let slot, let declared):
            if let close = Self.closest(to: slot, in: declared) {
                return "'\(scene)' has no slot '\(slot)' (slots: \(Self.list(declared))). Did you mean '\(close)'?"
            }
            return "'\(scene)' has no slot '\(slot)' (slots: \(Self.list(declared))): name one of its slots, or declare it with .tab or .pane"
        case .slotSceneNotLoaded(let scene, let slot, let initial, let loaded):
            return "slot '\(slot)' of '\(scene)' shows '\(initial)' first, which is not loaded into the kit (loaded: \(Self.list(loaded))): load its plugin or definition first"
        case .slotStyleRefused(let scene, let destination, let slot, let style):
            return "'\(scene)' routed to '\(destination)' in slot '\(slot)' with style '\(style.rawValue)': a route into a slot pushes onto its stack (.push) or replaces it (.replace). Present a modal with a route that names no slot"
        }
    }

    static func closest(to typed: String, in names: [String]) -> String? {
        NameSuggestion.closest(to: typed, in: names)
    }

    /// "10 s", "0.25 s".
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
