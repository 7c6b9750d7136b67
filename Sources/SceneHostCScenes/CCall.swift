@_spi(SceneHost) import SceneSDK

/// One call into a C plugin in progress: `register_scenes`, or one role of one scene.
///
/// The host's C functions (`CHostAPI`) act only on the call that is running, the innermost of
/// `CCall.running`: the handles a plugin passes must be that call's (its registration, its scene,
/// its screen, a payload it made), so a stale, forged or another scene's handle is refused, never
/// followed. What the host refused, or `fail`'s message, ends the call with that error.
@MainActor
final class CCall {
    /// The calls running, innermost last: a role may route, which builds a scene, which calls its
    /// `Interactor_create`. The host's one piece of global state for C scenes, touched only on the
    /// main actor; every function of `CHostAPI` checks the thread before it reads it.
    static var running: [CCall] = []

    let plugin: String
    /// The scene whose role runs; nil during `register_scenes`.
    let scene: String?
    /// The role's function (`DetailViewController_render`), or "register_scenes".
    let role: String
    let registration: CRegistration?
    /// The scene's interactor, the `scene_host_scene *` its roles get.
    let interactor: CSceneInteractor?
    /// The screen a render fills.
    let screen: CScreenBuilder?
    /// The segue a `Router_routeTo<Destination>WithSegue` handles.
    let segue: Segue?
    /// Whether the role may navigate (`route`, `route_back`): a ViewController lifecycle or event
    /// role, or a route handler; never while the scene is built, rendered, given data or left.
    let mayNavigate: Bool
    /// Payloads made during the call and not yet taken, by address: freed when the call returns.
    var payloads: [UInt: CPayload] = [:]
    /// The first error: a refused call, a route's own error, or `fail`'s.
    private(set) var error: (any Error)?

    init(
        plugin: String, scene: String?, role: String, registration: CRegistration? = nil,
        interactor: CSceneInteractor? = nil,
        screen: CScreenBuilder? = nil, segue: Segue? = nil, mayNavigate: Bool = false
    ) {
        self.plugin = plugin
        self.mayNavigate = mayNavigate
        self.scene = scene
        self.role = role
        self.registration = registration
        self.interactor = interactor
        self.screen = screen
        self.segue = segue
    }

    /// Whether the call has an error: a refused call, a navigation refused, or `fail`.
    var hasFailed: Bool { error != nil }

    /// The call the plugin's code runs in now, nil outside every call.
    static var current: CCall? { running.last }

    /// Records that the host refused `call` (the first refusal is the one reported).
    func refuse(_ call: String, _ reason: String) {
        guard error == nil else { return }
        if let scene {
            error = CSceneError.hostCallRefused(plugin: plugin, scene: scene, role: role, call: call, reason: reason)
        } else {
            error = CPluginProblem.declarationRefused(call: call, scene: nil, reason: reason)
        }
    }

    /// Records an error of the call's own (a route the navigator refused, a declaration refused).
    func record(_ error: any Error) {
        if self.error == nil { self.error = error }
    }

    /// Records the role's own failure (`fail`).
    func fail(_ message: String) {
        guard error == nil, let scene else { return }
        error = CSceneError.roleFailed(plugin: plugin, scene: scene, role: role, message: message)
    }

    /// Runs `body` as this call: the host's functions act on it while it runs. Throws the call's
    /// first error after `body` returns.
    func run<Result>(_ body: () throws -> Result) throws -> Result {
        CCall.running.append(self)
        let mark = CCallThread.enter()
        defer {
            CCallThread.leave(mark)
            CCall.running.removeLast()
            payloads.removeAll()
        }
        let result = try body()
        if let error { throw error }
        return result
    }
}
