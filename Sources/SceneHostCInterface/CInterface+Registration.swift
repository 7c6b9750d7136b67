extension CInterface {
    static let registration = CParameter("scene_host_registration *", "registration")
    static let scene = CParameter("const char *", "scene")
    static let typeName = CParameter("const char *", "type_name")
    static let fields = CParameter("const char *", "fields")

    /// The functions a plugin calls inside `register_scenes`, to declare its scenes.
    static let registrationFunctions: [CFunction] = [
        CFunction(
            "declare_scene", [registration, scene],
            doc: ["Declares the scene `scene`, unique across every loaded plugin."], group: .registration),
        CFunction(
            "declare_input", [registration, scene, typeName, fields],
            doc: [
                "Declares the input the scene's DataStore accepts: a type name and its fields, written",
                "\"name: String, count: Int, price: Double, paid: Bool, note: String?\".",
            ], group: .registration),
        CFunction(
            "declare_accepted_result", [registration, scene, typeName, fields],
            doc: ["Declares the result the scene takes back when a scene above it returns (fields as above)."],
            group: .registration),
        CFunction(
            "declare_returned_result", [registration, scene, typeName, fields],
            doc: ["Declares the result the scene hands back when it leaves (fields as above)."],
            group: .registration),
        CFunction(
            "declare_route",
            [
                registration, scene, CParameter("const char *", "destination"), CParameter("const char *", "style"),
                CParameter("const char *", "payload_type"), CParameter("const char *", "payload_fields"),
            ],
            doc: [
                "Declares a route from `scene` to `destination`, shown in `style` (\"push\", \"present\", \"replace\";",
                "NULL: push), passing `payload_type` with `payload_fields` (both NULL: nothing).",
            ], group: .registration),
        CFunction(
            "declare_role",
            [registration, scene, CParameter("const char *", "role"), CParameter("const char *", "signature")],
            doc: [
                "Declares that the library exports the role `role` of `scene` (the function `<scene><role>`)",
                "with the C signature `signature`, e.g. \"void(pointer, pointer)\".",
            ], group: .registration),
    ]
}
