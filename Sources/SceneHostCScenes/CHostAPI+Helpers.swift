@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostCInterface

/// Limits on payloads a C scene makes.
enum CPayloadLimits {
    /// Payloads one role may hold at once.
    static let maximumPerCall = 256
    /// Fields one payload may hold.
    static let maximumFields = 256

    static func isTypeName(_ name: String) -> Bool { CFieldList.isCIdentifier(name) }
}

extension CHostAPI {
    /// `declare_input` and its kin: a scene's contract from a type name and a field list.
    nonisolated static func declareContract(
        _ name: String, _ registration: OpaquePointer?, _ scene: UnsafePointer<CChar>?,
        _ typeName: UnsafePointer<CChar>?,
        _ fields: UnsafePointer<CChar>?, _ apply: @escaping @MainActor (inout CRegistration.Scene, ContractInfo) -> Void
    ) -> Int32 {
        let (registration, scene, typeName, fields) = (
            address(registration), address(scene), address(typeName), address(fields)
        )
        return perform(name) { call throws(Refused) in
            let target = try CHostAPI.registration(registration, in: call)
            let sceneName = try text(scene, "scene")
            let typeText = try text(typeName, "type_name")
            let fieldText = try text(fields, "fields")
            try declare(call, target, scene: sceneName) { () throws(CRegistration.Refusal) in
                let contract = try CRegistration.contract(typeName: typeText, fields: fieldText)
                try target.update(sceneName) { (declared: inout CRegistration.Scene) throws(CRegistration.Refusal) in
                    apply(&declared, contract)
                }
            }
        }
    }

    /// `add_*`: one element, made by `element` from the checked arguments, on the call's screen.
    nonisolated static func add(
        _ name: String, _ screen: UInt, _ element: @MainActor () throws(Refused) -> ScreenElement
    ) -> Int32 {
        perform(name) { call throws(Refused) in
            let target = try CHostAPI.screen(screen, in: call)
            if let reason = target.add(try element()) { throw Refused(reason: reason) }
        }
    }

    /// `payload_set_*`: one field of one of the call's payloads.
    nonisolated static func set(
        _ name: String, _ payload: UInt, _ field: UInt, _ value: @MainActor () throws(Refused) -> PayloadValue
    ) -> Int32 {
        perform(name) { call throws(Refused) in
            let target = try CHostAPI.payload(payload, in: call)
            let fieldName = try text(field, "field")
            guard CFieldList.isCIdentifier(fieldName) else {
                throw Refused(reason: "its argument 'field' is \"\(fieldName)\", not a field name")
            }
            guard target.fields.count < CPayloadLimits.maximumFields || target.fields[fieldName] != nil else {
                throw Refused(reason: "the payload already holds \(CPayloadLimits.maximumFields) fields")
            }
            target.set(fieldName, try value())
        }
    }

    /// `count` strings from the array at `address`.
    static func texts(_ address: UInt, count: Int32, _ argument: String) throws(Refused) -> [String] {
        guard count >= 0, count <= Int32(CScreenBuilder.maximumElements) else {
            throw Refused(reason: "its argument 'count' is \(count), not from 0 to \(CScreenBuilder.maximumElements)")
        }
        guard count > 0 else { return [] }
        guard let array = UnsafePointer<UnsafePointer<CChar>?>(bitPattern: address) else {
            throw Refused(reason: "its argument '\(argument)' is NULL")
        }
        var texts: [String] = []
        for index in 0..<Int(count) {
            texts.append(try text(UInt(bitPattern: array[index]), "\(argument)[\(index)]"))
        }
        return texts
    }

    /// `route`: to `destination`, which the scene must have declared a route to, with `payload`
    /// checked against the route's declared payload; inside a segue's handler, passed to the segue.
    static func route(
        _ interactor: CSceneInteractor, to destination: String, passing payload: CPayload?, in call: CCall
    ) throws(Refused) {
        let runtime = interactor.runtime
        guard let route = runtime.route(toward: destination) else {
            let declared = runtime.declared.routes.map(\.destination)
            let hint = Suggestion.closest(to: destination, in: declared).map { " Did you mean '\($0)'?" } ?? ""
            throw Refused(reason: "the scene declares no route to '\(destination)' (declare_route).\(hint)")
        }
        switch (route.payload, payload) {
        case (nil, nil): break
        case (let contract?, nil):
            throw Refused(
                reason: "the route to '\(destination)' passes a \(contract.typeName), and the payload is NULL")
        case (nil, let payload?):
            throw Refused(reason: "the route to '\(destination)' passes nothing, and a \(payload.typeName) was given")
        case (let contract?, let payload?):
            if let mismatch = payload.mismatch(with: contract) { throw Refused(reason: mismatch) }
        }
        guard let router = interactor.router else {
            throw Refused(reason: "the scene is not shown yet (route from a ViewController or Router role)")
        }
        let scenePayload = payload.map { ScenePayload(typeName: $0.typeName, value: $0.value) }
        do {
            try router.route(to: destination, segue: call.segue, style: route.style ?? .push, payload: scenePayload)
        } catch {
            throw navigatorRefused(error, in: call)
        }
    }
}
