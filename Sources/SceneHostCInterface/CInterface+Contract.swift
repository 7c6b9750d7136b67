extension CInterface {
    /// The header's opening comment, line by line: the interface's contract, with the roles and the
    /// field types listed from their tables.
    package static var contract: [String] {
        [
            "\(headerName): the C interface of scene-host scenes, version \(version).",
            "",
            "Written by `scene-host interface --format c` from the host's interface table (the same table",
            "`--format json` describes); do not edit. A scene written against this header alone, in C or in any",
            "language that calls C, is a scene like one written in Swift against SceneSDK.",
            "",
            "The handshake. The library exports one data symbol, `\(handshakeSymbol)`, a",
            "`\(handshake)` whose `magic` is SCENE_HOST_C_MAGIC and whose `interface_version`",
            "is the version it was built against. The host reads both before it calls any code of the",
            "library, and loads it only when the version is its own. Then it calls `register_scenes` once, on",
            "the main thread.",
            "",
            "Roles. The host calls a scene's roles by name: the function `<Scene><Role>`, e.g.",
            "`DetailViewController_render`, found with dlsym and called through libffi by the signature the",
            "plugin declared for it (`declare_role`). A role takes the first N of its parameters, in order, as",
            "its declaration says (a role may take only what it needs). The roles, each with all its parameters",
            "in the signature grammar of `declare_role` (what each is for: `scene-host interface --format json`,",
            "\"roles\"):",
            "",
        ] + roleTable + [
            "",
            "DataStore_acceptInput and DataStore_acceptResult take one more parameter per field of the declared",
            "type, in order, after `store`. The field types (in the fields of `declare_input`, the results and",
            "`declare_route`), the C type a role receives each as, its word in a signature, and the setter of a",
            "payload's field of that type (bool is C's _Bool, from <stdbool.h>):",
            "",
        ] + fieldTypeTable + [
            "",
            "Memory. Every string the host passes is valid until the call returns: copy what you keep. Every",
            "string you pass is copied before the call returns; it must be UTF-8, NUL-terminated and at most",
            "SCENE_HOST_MAXIMUM_TEXT bytes. A payload from `payload_create` lives until the role that made it",
            "returns, or until you pass it to `route` (which takes it, even when it refuses) or `payload_destroy`.",
            "`<Scene>Interactor_destroy` runs outside any role: it frees the state and calls no host function.",
            "",
            "Threads. Call the host only from the thread that called your role, while that call runs",
            "(registration: inside `register_scenes`). Any other call is refused with SCENE_HOST_REFUSED.",
            "",
            "Errors. A call the host refuses returns SCENE_HOST_REFUSED and fails the role that made it: the",
            "user sees the host's message, which names the plugin, the scene, the role and the argument.",
            "`fail` fails the role with your own message. A role that has failed navigates nowhere after it",
            "(`route` and `route_back` are refused); what it routed before stays, as with a Swift scene's error.",
            "A call from another thread, or outside any role, is refused and fails nothing: there is no role.",
        ]
    }

    /// Every role (`CRole.catalogue`, then the route handler's pattern) as
    /// `  <Scene>Interactor_create  pointer(pointer scene)`, the signatures in one column.
    static var roleTable: [String] {
        let rows = roles.map { role in
            (
                "<Scene>" + role.name,
                role.returns + "(" + role.parameters.map { $0.type + " " + $0.name }.joined(separator: ", ") + ")"
            )
        }
        return table(rows.map { [$0.0, $0.1] })
    }

    /// Every field type as `  String  const char *  string  payload_set_string`.
    static var fieldTypeTable: [String] {
        table(CFieldType.allCases.map { [$0.rawValue, $0.cType, $0.signatureType, $0.setter] })
    }

    /// `rows` indented by two spaces, each column but the last padded to its widest cell and two spaces.
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = " "
            for (column, cell) in row.enumerated() {
                line += " " + cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 1) }
            }
            return line
        }
    }
}
