@_spi(SceneHost) import SceneSDK
import CSceneHost

extension CHostAPI {
    /// The table of functions, each a closure that captures nothing (a C function).
    nonisolated static func make() -> scene_host_api {
        scene_host_api(
            interface_version: SCENE_HOST_C_INTERFACE_VERSION,
            size: UInt32(MemoryLayout<scene_host_api>.size),
            declare_scene: { registration, scene in
                let (registration, scene) = (CHostAPI.address(registration), CHostAPI.address(scene))
                return CHostAPI.perform("declare_scene") { call throws(Refused) in
                    let target = try CHostAPI.registration(registration, in: call)
                    let name = try CHostAPI.text(scene, "scene")
                    try CHostAPI.declare(call, target, scene: name) { () throws(CRegistration.Refusal) in
                        try target.declareScene(name)
                    }
                }
            },
            declare_input: { registration, scene, typeName, fields in
                CHostAPI.declareContract("declare_input", registration, scene, typeName, fields) { declared, contract in
                    declared.input = contract
                }
            },
            declare_accepted_result: { registration, scene, typeName, fields in
                CHostAPI.declareContract("declare_accepted_result", registration, scene, typeName, fields) {
                    declared, contract in
                    declared.acceptedResult = contract
                }
            },
            declare_returned_result: { registration, scene, typeName, fields in
                CHostAPI.declareContract("declare_returned_result", registration, scene, typeName, fields) {
                    declared, contract in
                    declared.returnedResult = contract
                }
            },
            declare_route: { registration, scene, destination, style, payloadType, payloadFields in
                let (registration, scene, destination) = (
                    CHostAPI.address(registration), CHostAPI.address(scene), CHostAPI.address(destination)
                )
                let (style, payloadType, payloadFields) = (
                    CHostAPI.address(style), CHostAPI.address(payloadType), CHostAPI.address(payloadFields)
                )
                return CHostAPI.perform("declare_route") { call throws(Refused) in
                    let target = try CHostAPI.registration(registration, in: call)
                    let name = try CHostAPI.text(scene, "scene")
                    let destination = try CHostAPI.text(destination, "destination")
                    let style = try CHostAPI.style(try CHostAPI.optionalText(style, "style"))
                    let typeName = try CHostAPI.optionalText(payloadType, "payload_type")
                    let fields = try CHostAPI.optionalText(payloadFields, "payload_fields")
                    guard (typeName == nil) == (fields == nil) else {
                        throw Refused(
                            reason:
                                "give both 'payload_type' and 'payload_fields', or neither (NULL, NULL) for a route that passes nothing"
                        )
                    }
                    guard !destination.isEmpty else { throw Refused(reason: "its argument 'destination' is empty") }
                    try CHostAPI.declare(call, target, scene: name) { () throws(CRegistration.Refusal) in
                        let payload = try typeName.map { (typeName) throws(CRegistration.Refusal) in
                            try CRegistration.contract(typeName: typeName, fields: fields ?? "")
                        }
                        try target.addRoute(
                            CRegistration.Route(destination: destination, style: style, payload: payload), to: name)
                    }
                }
            },
            declare_role: { registration, scene, role, signature in
                let (registration, scene, role, signature) = (
                    CHostAPI.address(registration), CHostAPI.address(scene), CHostAPI.address(role),
                    CHostAPI.address(signature)
                )
                return CHostAPI.perform("declare_role") { call throws(Refused) in
                    let target = try CHostAPI.registration(registration, in: call)
                    let name = try CHostAPI.text(scene, "scene")
                    let role = try CHostAPI.text(role, "role")
                    let signature = try CHostAPI.text(signature, "signature")
                    try CHostAPI.declare(call, target, scene: name) { () throws(CRegistration.Refusal) in
                        try target.addRole(role, signature: signature, to: name)
                    }
                }
            },
            set_title: { screen, title in
                let (screen, title) = (CHostAPI.address(screen), CHostAPI.address(title))
                return CHostAPI.perform("set_title") { call throws(Refused) in
                    let target = try CHostAPI.screen(screen, in: call)
                    target.title = try CHostAPI.text(title, "title")
                }
            },
            add_label: { screen, id, text in
                let (screen, id, text) = (CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(text))
                return CHostAPI.add("add_label", screen) { () throws(Refused) in
                    .label(id: try CHostAPI.text(id, "id"), text: try CHostAPI.text(text, "text"))
                }
            },
            add_alert: { screen, id, text in
                let (screen, id, text) = (CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(text))
                return CHostAPI.add("add_alert", screen) { () throws(Refused) in
                    .alert(id: try CHostAPI.text(id, "id"), text: try CHostAPI.text(text, "text"))
                }
            },
            add_text_field: { screen, id, placeholder, text, label, problem in
                let (screen, id, placeholder, text) = (
                    CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(placeholder),
                    CHostAPI.address(text)
                )
                let (label, problem) = (CHostAPI.address(label), CHostAPI.address(problem))
                return CHostAPI.add("add_text_field", screen) { () throws(Refused) in
                    .textField(
                        id: try CHostAPI.text(id, "id"), placeholder: try CHostAPI.text(placeholder, "placeholder"),
                        text: try CHostAPI.text(text, "text"), label: try CHostAPI.text(label, "label"),
                        problem: try CHostAPI.text(problem, "problem"))
                }
            },
            add_text_area: { screen, id, label, text, problem in
                let (screen, id, label, text, problem) = (
                    CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(label), CHostAPI.address(text),
                    CHostAPI.address(problem)
                )
                return CHostAPI.add("add_text_area", screen) { () throws(Refused) in
                    .textArea(
                        id: try CHostAPI.text(id, "id"), label: try CHostAPI.text(label, "label"),
                        text: try CHostAPI.text(text, "text"),
                        problem: try CHostAPI.text(problem, "problem"))
                }
            },
            add_secure_field: { screen, id, label, isFilled, problem in
                let (screen, id, label, problem) = (
                    CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(label), CHostAPI.address(problem)
                )
                return CHostAPI.add("add_secure_field", screen) { () throws(Refused) in
                    .secureField(
                        id: try CHostAPI.text(id, "id"), label: try CHostAPI.text(label, "label"),
                        isFilled: isFilled != 0,
                        problem: try CHostAPI.text(problem, "problem"))
                }
            },
            add_toggle: { screen, id, title, isOn in
                let (screen, id, title) = (CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(title))
                return CHostAPI.add("add_toggle", screen) { () throws(Refused) in
                    .toggle(id: try CHostAPI.text(id, "id"), title: try CHostAPI.text(title, "title"), isOn: isOn != 0)
                }
            },
            add_choice: { screen, id, label, options, count, selected in
                let (screen, id, label, options) = (
                    CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(label), CHostAPI.address(options)
                )
                return CHostAPI.add("add_choice", screen) { () throws(Refused) in
                    let texts = try CHostAPI.texts(options, count: count, "options")
                    guard selected >= -1, selected < count else {
                        throw Refused(
                            reason:
                                "its argument 'selected' is \(selected), not -1 (none) or an index below 'count' (\(count))"
                        )
                    }
                    return .choice(
                        id: try CHostAPI.text(id, "id"), label: try CHostAPI.text(label, "label"), options: texts,
                        selected: selected < 0 ? nil : Int(selected))
                }
            },
            add_button: { screen, id, title in
                let (screen, id, title) = (CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(title))
                return CHostAPI.add("add_button", screen) { () throws(Refused) in
                    .button(id: try CHostAPI.text(id, "id"), title: try CHostAPI.text(title, "title"))
                }
            },
            add_list: { screen, id, titles, details, count in
                let (screen, id, titles, details) = (
                    CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(titles), CHostAPI.address(details)
                )
                return CHostAPI.add("add_list", screen) { () throws(Refused) in
                    let titleTexts = try CHostAPI.texts(titles, count: count, "titles")
                    let detailTexts =
                        details == 0
                        ? Array(repeating: "", count: titleTexts.count)
                        : try CHostAPI.texts(details, count: count, "details")
                    let rows = zip(titleTexts, detailTexts).map { ListRow(title: $0, detail: $1) }
                    return .list(id: try CHostAPI.text(id, "id"), rows: rows)
                }
            },
            add_progress: { screen, id, label, value in
                let (screen, id, label) = (CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(label))
                return CHostAPI.add("add_progress", screen) { () throws(Refused) in
                    guard !value.isNaN, value <= 1 else {
                        throw Refused(
                            reason: "its argument 'value' is \(value), not from 0 to 1 (or negative: not known)")
                    }
                    return .progress(
                        id: try CHostAPI.text(id, "id"), label: try CHostAPI.text(label, "label"),
                        value: value < 0 ? nil : value)
                }
            },
            begin_section: { screen, id, title in
                let (screen, id, title) = (CHostAPI.address(screen), CHostAPI.address(id), CHostAPI.address(title))
                return CHostAPI.perform("begin_section") { call throws(Refused) in
                    let target = try CHostAPI.screen(screen, in: call)
                    if let reason = target.beginSection(
                        id: try CHostAPI.text(id, "id"), title: try CHostAPI.text(title, "title"))
                    {
                        throw Refused(reason: reason)
                    }
                }
            },
            end_section: { screen in
                let screen = CHostAPI.address(screen)
                return CHostAPI.perform("end_section") { call throws(Refused) in
                    if let reason = try CHostAPI.screen(screen, in: call).endSection() { throw Refused(reason: reason) }
                }
            },
            payload_create: { typeName in
                let typeName = CHostAPI.address(typeName)
                var made: UInt = 0
                _ = CHostAPI.perform("payload_create") { call throws(Refused) in
                    let name = try CHostAPI.text(typeName, "type_name")
                    guard CPayloadLimits.isTypeName(name) else {
                        throw Refused(reason: "its argument 'type_name' is \"\(name)\", not an identifier")
                    }
                    guard call.payloads.count < CPayloadLimits.maximumPerCall else {
                        throw Refused(reason: "this role already holds \(CPayloadLimits.maximumPerCall) payloads")
                    }
                    let payload = CPayload(typeName: name)
                    made = CSceneRuntime.address(of: payload)
                    call.payloads[made] = payload
                }
                return OpaquePointer(bitPattern: made)
            },
            payload_set_string: { payload, field, value in
                let (payload, field, value) = (
                    CHostAPI.address(payload), CHostAPI.address(field), CHostAPI.address(value)
                )
                return CHostAPI.set("payload_set_string", payload, field) { () throws(Refused) in
                    try CHostAPI.optionalText(value, "value").map(PayloadValue.string) ?? .null
                }
            },
            payload_set_int: { payload, field, value in
                let (payload, field) = (CHostAPI.address(payload), CHostAPI.address(field))
                return CHostAPI.set("payload_set_int", payload, field) { () throws(Refused) in .int(Int(value)) }
            },
            payload_set_double: { payload, field, value in
                let (payload, field) = (CHostAPI.address(payload), CHostAPI.address(field))
                return CHostAPI.set("payload_set_double", payload, field) { () throws(Refused) in
                    guard value.isFinite else {
                        throw Refused(reason: "its argument 'value' is \(value), not a finite number")
                    }
                    return .double(value)
                }
            },
            payload_set_bool: { payload, field, value in
                let (payload, field) = (CHostAPI.address(payload), CHostAPI.address(field))
                return CHostAPI.set("payload_set_bool", payload, field) { () throws(Refused) in .bool(value != 0) }
            },
            payload_destroy: { payload in
                let payload = CHostAPI.address(payload)
                _ = CHostAPI.perform("payload_destroy") { call throws(Refused) in
                    guard payload != 0 else { return }
                    _ = try CHostAPI.payload(payload, in: call)
                    call.payloads[payload] = nil
                }
            },
            route: { scene, destination, payload in
                let (scene, destination, payload) = (
                    CHostAPI.address(scene), CHostAPI.address(destination), CHostAPI.address(payload)
                )
                return CHostAPI.perform("route") { call throws(Refused) in
                    // Taken even when refused, as the header promises.
                    let given = payload == 0 ? nil : call.payloads.removeValue(forKey: payload)
                    if payload != 0, given == nil { _ = try CHostAPI.payload(payload, in: call) }
                    let interactor = try CHostAPI.scene(scene, in: call)
                    try CHostAPI.checkNavigates(call)
                    let destination = try CHostAPI.text(destination, "destination")
                    try CHostAPI.route(interactor, to: destination, passing: given, in: call)
                }
            },
            route_back: { scene in
                let scene = CHostAPI.address(scene)
                return CHostAPI.perform("route_back") { call throws(Refused) in
                    let interactor = try CHostAPI.scene(scene, in: call)
                    try CHostAPI.checkNavigates(call)
                    guard let router = interactor.router else {
                        throw Refused(reason: "the scene is not shown yet (route from a ViewController or Router role)")
                    }
                    do { try router.routeBack() } catch { throw CHostAPI.navigatorRefused(error, in: call) }
                }
            },
            fail: { scene, message in
                let (scene, message) = (CHostAPI.address(scene), CHostAPI.address(message))
                return CHostAPI.perform("fail") { call throws(Refused) in
                    _ = try CHostAPI.scene(scene, in: call)
                    call.fail(try CHostAPI.text(message, "message"))
                }
            }
        )
    }
}
