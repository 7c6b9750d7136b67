@_spi(SceneHost) import SceneSDK
import SceneHostNative
import SceneHostCInterface

/// One C scene's roles, bound, and how the host calls them: the arguments each gets, the call
/// (`CCall`) it runs in, what its results mean.
@MainActor
final class CSceneRuntime {
    let plugin: String
    let declared: CRegistration.Scene
    private let roles: [String: CBoundRole]

    init(plugin: String, declared: CRegistration.Scene, roles: [String: CBoundRole]) {
        self.plugin = plugin
        self.declared = declared
        self.roles = roles
    }

    var name: String { declared.name }

    /// Whether the scene declared `role`.
    func has(_ role: String) -> Bool { roles[role] != nil }

    /// The function's name of `role`, for messages.
    func symbol(_ role: String) -> String { name + role }

    /// Calls `role` with the first of `arguments` its signature takes, as a `CCall`; `.void` when
    /// the scene does not have the role. Throws what the call recorded (a refused host call,
    /// `fail`), or libffi's refusal of an argument.
    func call(
        _ role: String, _ arguments: [NativeValue], interactor: CSceneInteractor?, screen: CScreenBuilder? = nil,
        segue: Segue? = nil, payload: CPayload? = nil
    ) throws -> NativeValue {
        guard let bound = roles[role] else { return .void }
        let navigates =
            role.hasPrefix("ViewController_") && role != "ViewController_render" || role.hasPrefix("Router_routeTo")
        let call = CCall(
            plugin: plugin, scene: name, role: bound.symbol, interactor: interactor, screen: screen, segue: segue,
            mayNavigate: navigates)
        if let payload { call.payloads[Self.address(of: payload)] = payload }
        return try call.run { try bound.function.call(Array(arguments.prefix(bound.takes))) }
    }

    /// The address a plugin knows `object` by.
    static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    // MARK: Passing data

    /// The arguments of `contract`'s fields in `value`, in declared order (a nil `String?` is NULL).
    func fieldArguments(_ value: PayloadValue, of contract: ContractInfo?) -> [NativeValue] {
        guard case .object(_, let fields)? = contract?.schema, case .object(let given) = value else { return [] }
        return fields.map { field in
            switch given[field.name] {
            case .string(let text)?: return .string(text)
            case .int(let number)?:
                // A contract lets an Int fill a Double field (`PayloadSchema.mismatches`), and libffi
                // converts no integer to a `double` parameter: the role gets the number as a double.
                if case .double = field.schema { return .double(Double(number)) }
                return .int(Int64(number))
            case .double(let number)?: return .double(number)
            case .bool(let flag)?: return .bool(flag)
            case .null?, nil, .array?, .object?: return .string(nil)
            }
        }
    }

    /// Gives the DataStore its input (`DataStore_acceptInput`).
    func acceptInput(_ router: CSceneRouter, _ value: PayloadValue) throws {
        guard let interactor = router.dataStore else { return }
        _ = try call(
            "DataStore_acceptInput", [.pointer(interactor.store)] + fieldArguments(value, of: declared.input),
            interactor: interactor)
    }

    /// Gives the DataStore a result from a scene that returned (`DataStore_acceptResult`).
    func acceptResult(_ router: CSceneRouter, _ value: PayloadValue) throws {
        guard let interactor = router.dataStore else { return }
        _ = try call(
            "DataStore_acceptResult", [.pointer(interactor.store)] + fieldArguments(value, of: declared.acceptedResult),
            interactor: interactor)
    }

    /// The result the scene hands back as it leaves (`Router_produceResult`), nil for none.
    func produceResult(_ router: CSceneRouter) throws -> PayloadValue? {
        guard let interactor = router.dataStore, let contract = declared.returnedResult else { return nil }
        let role = "Router_produceResult"
        let payload = CPayload(typeName: contract.typeName)
        let returned = try call(
            role, [.pointer(interactor.store), .pointer(Self.address(of: payload))], interactor: interactor,
            payload: payload)
        switch returned {
        case .int(0): return nil
        case .int(1):
            if let mismatch = payload.mismatch(with: contract) {
                throw CSceneError.hostCallRefused(
                    plugin: plugin, scene: name, role: symbol(role), call: "the result it filled", reason: mismatch)
            }
            return payload.value
        case .void, .bool, .int, .uint, .float, .double, .string, .pointer, .callback:
            throw CSceneError.roleReturned(
                plugin: plugin, scene: name, role: symbol(role), value: returned.printed,
                allowed: "1 (a result) or 0 (none)")
        }
    }

    // MARK: Routing

    /// Runs the handler of segues to `destination` (`Router_routeTo<Destination>WithSegue`).
    func handleSegue(_ router: CSceneRouter, toward destination: String, segue: Segue?) throws {
        guard let interactor = router.dataStore else { return }
        let role = CRole.routeHandler(toward: destination).name
        _ = try call(
            role, [.pointer(interactor.store), .string(segue?.identifier)], interactor: interactor, segue: segue)
    }

    /// The route the scene declared to `destination`.
    func route(toward destination: String) -> CRegistration.Route? {
        declared.routes.first { $0.destination == destination }
    }
}
