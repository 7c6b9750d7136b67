extension CInterface {
    static let payload = CParameter("scene_host_payload *", "payload")
    static let field = CParameter("const char *", "field")
    static let sceneHandle = CParameter("scene_host_scene *", "scene")

    /// The functions that make and fill payloads: a route's data, a returned result.
    static let payloadFunctions: [CFunction] = [
        CFunction(
            "payload_create", returns: "scene_host_payload *", [typeName],
            doc: ["A new, empty payload of the type `type_name`; NULL when refused."], group: .payloads),
        CFunction(
            "payload_set_string", [payload, field, CParameter("const char *", "value")],
            doc: ["Sets the String or String? field `field`; `value` NULL is nil (for a String? field)."],
            group: .payloads),
        CFunction(
            "payload_set_int", [payload, field, CParameter("int64_t", "value")], doc: ["Sets the Int field `field`."],
            group: .payloads),
        CFunction(
            "payload_set_double", [payload, field, CParameter("double", "value")],
            doc: ["Sets the Double field `field`; `value` must be finite."], group: .payloads),
        CFunction(
            "payload_set_bool", [payload, field, CParameter("int32_t", "value")],
            doc: ["Sets the Bool field `field`: 0 is false, any other value true."], group: .payloads),
        CFunction(
            "payload_destroy", returns: "void", [payload], doc: ["Frees a payload you did not pass to `route`."],
            group: .payloads),
    ]

    /// The functions that move between scenes.
    static let navigationFunctions: [CFunction] = [
        CFunction(
            "route", [sceneHandle, CParameter("const char *", "destination"), payload],
            doc: [
                "Routes to `destination`, which the scene declared a route to, passing `payload` (NULL: none),",
                "which `route` takes. Inside <Scene>Router_routeTo<Destination>WithSegue it passes the payload",
                "to the segue's destination instead.",
            ], group: .navigation),
        CFunction(
            "route_back", [sceneHandle],
            doc: ["Leaves the scene, as the user's Back does: its returned result, if any, goes to the scene below."],
            group: .navigation),
    ]

    /// The function that fails a role with the plugin's own message.
    static let errorFunctions: [CFunction] = [
        CFunction(
            "fail", [sceneHandle, CParameter("const char *", "message")],
            doc: ["Fails the role that is running with `message`, shown to the user."],
            group: .errors)
    ]
}
