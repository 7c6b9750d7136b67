import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// Why a navigation or a user event failed while the app runs; the app keeps its state. Exit code 1.
///
/// Its text and exit code are in `NavigationError+Message.swift`.
package enum NavigationError: HostConcernError, Equatable, Sendable {
    case routeFailed(from: String, to: String, SceneError)
    case returnFailed(from: String, to: String, SceneError)
    case routeNotDeclared(from: String, to: String, declared: [String], registered: [String])
    /// The router took a route in code in another style than its `Route` declares.
    case routeStyleMismatch(from: String, to: String, declared: NavigationStyle, requested: NavigationStyle)
    case notInModal(scene: String)
    case noSceneBelow(scene: String, target: String, stack: [String])
    case notOnTop(scene: String, top: String)
    case cannotGoBack(scene: String)
    case noSuchElement(scene: String, id: String, kind: String, available: [String])
    case rowOutOfRange(scene: String, list: String, row: Int, count: Int)
    case optionOutOfRange(scene: String, choice: String, option: Int, count: Int)
    /// `choose` named an option by a text that none of the choice's options has.
    case noSuchOption(scene: String, choice: String, option: String, options: [String])
    case sceneFailed(scene: String, reason: FailureCause)
    /// Background work of `scene` (`SceneInteractor.perform`) threw and did not catch it; the screen stays as it was.
    case workFailed(scene: String, reason: FailureCause)
    /// A scene built again from its record (after a crash or a restart) has secure fields: their
    /// secrets were never kept, so they are empty again. A notice, not a failure.
    case secretsNotKept(scene: String, fields: [String])
    /// A scene built again from its record could not take back the state its DataStore kept
    /// (`KeepsState`): `reason`. It shows what it shows without it. A notice, not a failure.
    case stateNotKept(scene: String, reason: String)
    /// Opening the deep link `link` failed at `scene` (its link's function threw, or it could not be
    /// built); the session is as it was. Exit code 9.
    case linkFailed(link: String, scene: String, reason: FailureCause)
    /// The link's function of `scene` refused the link (`LinkRefusal`): what it names does not
    /// exist, say. The session is as it was; `serve` answers 404 with `message`. Exit code 9.
    case linkRefused(link: String, scene: String, message: String)
    /// The segues a scene worker reads from the start-up cache `cache` when first needed did not
    /// decode (a file forged with a matching checksum); nothing changed.
    case seguesUnreadable(cache: String)
    /// A router (or the user's `tab NAME`) named a slot no container shown with `scene` has.
    case unknownSlot(scene: String, slot: String, available: [String])
    /// A route into a slot was taken in a style other than push or replace.
    case slotStyleRefused(from: String, to: String, slot: String, style: NavigationStyle)
    /// Containers nest deeper than `limit` (a container whose slot shows itself, say).
    case containersTooDeep(scene: String, limit: Int)
}
