/// A DataStore whose state outlives its scene worker: the host keeps `keptState` with the scene's
/// record after every event, and hands it back when it builds the scene again (after a worker
/// crash, a restart of `serve`, a deploy, another instance), so the user sees what they last saw.
///
/// Adopt it on the interactor for state an action changes that is not in the scene's input,
/// results or input fields: a summary a Save computed, a selection, a step reached.
///
/// ```swift
/// final class LoanFormInteractor: SceneInteractor<...>, LoanFormDataStore, KeepsState {
///     struct KeptState: Codable { var summary = "nothing saved" }
///     var keptState = KeptState()
/// }
/// ```
///
/// What the caller must know:
/// - It is encoded with the payload encoder after each event and stored in the session store with
///   the session: keep it small, and **never put a secret in it** (a PIN, a password, a token): a
///   copy of the store would hold it.
/// - It is handed back after `viewDidLoad()` and the scene's results, before `viewWillAppear()`.
/// - When it no longer decodes (a new build changed its type), the scene is built without it and
///   the user is told that the page could not be shown as they last saw it.
@MainActor
public protocol KeepsState: AnyObject {
    /// What the host keeps: a `Codable` value, encoded like a route's payload.
    associatedtype KeptState: Codable
    /// The state to keep; set by the host when it builds the scene again.
    var keptState: KeptState { get set }
}

@_spi(SceneHost)
extension KeepsState {
    /// `keptState`, encoded; nil when it cannot be encoded.
    public func encodedKeptState() -> ScenePayload? { try? ScenePayload(keptState) }

    /// Sets `keptState` from `payload`; throws when it does not decode as `KeptState`.
    public func restoreKeptState(_ payload: ScenePayload) throws {
        keptState = try PayloadDecoder().decode(KeptState.self, from: payload.value)
    }
}
