/// The C interface of scenes as data: the one source of the header C plugins are built with
/// (`header`, Sources/CSceneHost/include/scene_host.h) and of its machine-readable description
/// (`descriptionJSON`), both written by `scene-host interface`.
///
/// The runtime (SceneHostCScenes) compiles against the header, so the constants, structs and
/// functions here are the ones it fills in; the roles (`CRole.catalogue`), the element kinds
/// (`CElementKind`), the events (`CEventKind`) and the field types (`CFieldType`) are derived from
/// the SDK's own types by switches without a default, so the interface cannot fall behind the SDK.
package enum CInterface {
    /// The interface's version: a plugin built against another is refused. Change it with any change
    /// of a struct, a function or a role.
    package static let version: UInt32 = 1
    /// "SCNC" read as a little-endian `uint32_t`: the handshake's first field.
    package static let magic: UInt32 = 0x434E_4353
    /// The interface's name in its description.
    package static let name = "scene-host C scenes"
    /// The header's file name, as plugins include it.
    package static let headerName = "scene_host.h"

    /// The macros, in the header's order.
    package static let constants: [CConstant] = [
        CConstant(
            "SCENE_HOST_C_MAGIC", "0x" + hex(magic) + "u",
            doc: ["\"SCNC\": tells a scene-host C plugin from any other data."]),
        CConstant(
            "SCENE_HOST_C_INTERFACE_VERSION", "\(version)u",
            doc: ["The version of this interface. The host loads a plugin built against exactly its own."]),
        CConstant(
            "SCENE_HOST_MAXIMUM_TEXT", "65536",
            doc: ["The longest string, in bytes without its NUL, the host takes from a plugin."]),
        CConstant("SCENE_HOST_OK", "0", doc: ["What the host's functions return when they did what was asked."]),
        CConstant(
            "SCENE_HOST_REFUSED", "1",
            doc: ["What the host's functions return when they refused: the role that called them fails."]),
        CConstant(
            "SCENE_HOST_EXPORT", "__attribute__((visibility(\"default\")))",
            doc: ["Makes a symbol visible to the host (build with -fvisibility=hidden to hide the rest)."]),
    ]

    /// The opaque handles, in the header's order.
    package static let handles: [CHandle] = [
        CHandle("scene_host_registration", doc: ["A registration in progress (`register_scenes`)."]),
        CHandle(
            "scene_host_scene",
            doc: ["One shown scene, given to `<Scene>Interactor_create`: keep it to route from the scene."]),
        CHandle("scene_host_screen", doc: ["The screen `<Scene>ViewController_render` fills."]),
        CHandle("scene_host_payload", doc: ["A value passed to another scene, or a result handed back."]),
    ]

    /// The struct of the host's functions.
    package static let api = "scene_host_api"
    package static let apiDoc = [
        "The host's functions, passed to `register_scenes`: keep the pointer, it lives for the process."
    ]
    /// The members of `scene_host_api` before its functions.
    package static let apiFields: [CField] = [
        CField("interface_version", .value(type: "uint32_t"), doc: ["SCENE_HOST_C_INTERFACE_VERSION of the host."]),
        CField("size", .value(type: "uint32_t"), doc: ["sizeof(scene_host_api) in the host."]),
    ]
    /// Every function of `scene_host_api`, in the struct's order (its groups in `CFunctionGroup`'s).
    package static let functions: [CFunction] =
        registrationFunctions + screenFunctions + payloadFunctions
        + navigationFunctions + errorFunctions

    /// The handshake: the one data symbol a plugin exports, and its struct (of the same name).
    package static let handshakeSymbol = "scene_host_plugin"
    package static let handshake = "scene_host_plugin_descriptor"
    package static let handshakeDoc = ["The handshake: export one, named `scene_host_plugin`."]
    package static let handshakeFields: [CField] = [
        CField("magic", .value(type: "uint32_t"), doc: ["SCENE_HOST_C_MAGIC."]),
        CField(
            "interface_version", .value(type: "uint32_t"),
            doc: ["SCENE_HOST_C_INTERFACE_VERSION, as the plugin was built."]),
        CField(
            "name", .value(type: "const char *"), doc: ["The plugin's name, shown in messages and `scene-host list`."]),
        CField("version", .value(type: "const char *"), doc: ["The plugin's version, shown beside its name."]),
        CField(
            "register_scenes",
            .function(
                returns: "int32_t",
                parameters: [CParameter("const scene_host_api *", "api"), registration]),
            doc: ["Declares the plugin's scenes; SCENE_HOST_OK, or anything else to refuse to load."]),
    ]

    /// `value` in upper-case hexadecimal digits.
    static func hex(_ value: UInt32) -> String {
        String(value, radix: 16, uppercase: true)
    }
}
