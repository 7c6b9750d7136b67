@_spi(SceneHost) import SceneSDK
import CSceneHost

/// The host's functions a C plugin calls (`scene_host_api`), each a C function that checks
/// everything it is given before it acts.
///
/// A function acts only on the call running now (`CCall.current`), from the thread running it, and only
/// on that call's handles: its registration, its scene, its screen, the payloads it made. Every
/// string is read through `CText`. A refused function returns SCENE_HOST_REFUSED and fails the
/// call with a message naming the function and the argument. Pointers cross into the main actor
/// as integers (their pointees are main-actor state), and back to pointers only once checked.
@MainActor
enum CHostAPI {
    /// The table passed to every plugin's `register_scenes`; plugins keep the pointer for the process.
    static let table: UnsafeMutablePointer<scene_host_api> = {
        let table = UnsafeMutablePointer<scene_host_api>.allocate(capacity: 1)
        table.initialize(to: make())
        return table
    }()

    /// A refusal: the reason, after the function's name and the argument's.
    struct Refused: Error {
        let reason: String
    }

    // MARK: Checking what the plugin passes

    /// Runs `body` for the host function `name` in the current call; the status the plugin gets.
    nonisolated static func perform(_ name: String, _ body: @MainActor (CCall) throws(Refused) -> Void) -> Int32 {
        // On any other thread than the one running the plugin's call: refused before anything is read.
        guard CCallThread.isInCall else { return SCENE_HOST_REFUSED }
        return MainActor.assumeIsolated {
            guard let call = CCall.current else { return SCENE_HOST_REFUSED }
            do throws(Refused) {
                try body(call)
                return SCENE_HOST_OK
            } catch {
                call.refuse(name, error.reason)
                return SCENE_HOST_REFUSED
            }
        }
    }

    /// The text of the argument `argument` at `address`.
    static func text(_ address: UInt, _ argument: String) throws(Refused) -> String {
        do {
            return try CText.read(UnsafePointer(bitPattern: address))
        } catch {
            throw Refused(reason: "its argument '\(argument)' \(error.clause)")
        }
    }

    /// The text at `address`, nil for NULL.
    static func optionalText(_ address: UInt, _ argument: String) throws(Refused) -> String? {
        address == 0 ? nil : try text(address, argument)
    }

    static func registration(_ address: UInt, in call: CCall) throws(Refused) -> CRegistration {
        guard let registration = call.registration, address == CSceneRuntime.address(of: registration) else {
            throw Refused(
                reason:
                    "its argument 'registration' is not the registration register_scenes was given (declarations are made inside register_scenes only)"
            )
        }
        return registration
    }

    static func screen(_ address: UInt, in call: CCall) throws(Refused) -> CScreenBuilder {
        guard let screen = call.screen, address == CSceneRuntime.address(of: screen) else {
            throw Refused(
                reason:
                    "its argument 'screen' is not the screen this render was given (a screen is filled inside <Scene>ViewController_render only)"
            )
        }
        return screen
    }

    static func scene(_ address: UInt, in call: CCall) throws(Refused) -> CSceneInteractor {
        guard let interactor = call.interactor, address == CSceneRuntime.address(of: interactor) else {
            throw Refused(
                reason:
                    "its argument 'scene' is not the scene whose role is running (keep the one <Scene>Interactor_create was given, and use it in that scene's roles)"
            )
        }
        return interactor
    }

    static func payload(_ address: UInt, in call: CCall) throws(Refused) -> CPayload {
        guard let payload = call.payloads[address] else {
            throw Refused(
                reason:
                    "its argument 'payload' is no payload of this call (made by payload_create in this role, and not yet passed to route or payload_destroy)"
            )
        }
        return payload
    }

    /// The address of `pointer` (0 for NULL).
    nonisolated static func address(_ pointer: UnsafeRawPointer?) -> UInt {
        UInt(bitPattern: pointer)
    }

    nonisolated static func address(_ pointer: OpaquePointer?) -> UInt {
        UInt(bitPattern: UnsafeRawPointer(pointer))
    }

    // MARK: Declarations

    static func declare(
        _ call: CCall, _ registration: CRegistration, scene: String, _ body: () throws(CRegistration.Refusal) -> Void
    )
        throws(Refused)
    {
        do {
            try body()
        } catch {
            throw Refused(reason: "for scene '\(scene)': \(error.reason)")
        }
    }

    /// Refuses navigation from a role that may not navigate (`CCall.mayNavigate`).
    /// A role that has failed (`fail`, or a call the host refused) navigates nowhere after it: the
    /// failure stands for the whole role, and its refusal, the first error, is the one reported.
    static func checkNavigates(_ call: CCall) throws(Refused) {
        guard call.mayNavigate else {
            throw Refused(
                reason:
                    "\(call.role) may not navigate: route and route_back are for ViewController roles other than render, and route handlers"
            )
        }
        guard !call.hasFailed else {
            throw Refused(reason: "the role has already failed, so it navigates nowhere")
        }
    }

    /// A navigation the navigator refused: its own error is the call's (it names the route and
    /// what does not fit), and the plugin gets SCENE_HOST_REFUSED.
    static func navigatorRefused(_ error: any Error, in call: CCall) -> Refused {
        call.record(error)
        return Refused(reason: "")
    }

    /// The style named `text` (NULL: none declared).
    static func style(_ text: String?) throws(Refused) -> NavigationStyle? {
        guard let text else { return nil }
        guard let style = NavigationStyle(rawValue: text) else {
            let known = NavigationStyle.allCases.map(\.rawValue).joined(separator: ", ")
            throw Refused(reason: "its argument 'style' is \"\(text)\", not one of \(known)")
        }
        return style
    }
}
