import SceneHostCore

/// Why a C plugin (`scene_host.h`) was not loaded: its handshake, its declarations or its roles.
///
/// The loader puts "plugin NAME: PATH" before `text`, so the text names what is wrong inside the
/// library (the scene, the role, the call, the argument) and says what to do.
package enum CPluginProblem: Error, Equatable, Sendable {
    /// The library exports both a C plugin's handshake and a Swift plugin's entry.
    case twoEntries
    /// `scene_host_plugin.magic` is not SCENE_HOST_C_MAGIC.
    case badMagic(found: UInt32)
    /// Built against another version of the interface.
    case interfaceVersion(found: UInt32, host: UInt32)
    /// A string of the handshake (`name`, `version`) cannot be read.
    case badHandshakeText(field: String, problem: String)
    /// `register_scenes` is NULL.
    case noRegisterFunction
    /// `register_scenes` returned another status than SCENE_HOST_OK (a call the host refused first is reported as that call).
    case registrationRefused(status: Int32)
    /// A declaration call the host refused.
    case declarationRefused(call: String, scene: String?, reason: String)
    /// It declared no scene.
    case noScene
    /// A declared role is no role of the interface.
    case roleUnknown(scene: String, role: String, suggestion: String?)
    /// A role a scene must have was not declared.
    case roleMissing(scene: String, role: String, requirement: String, signature: String)
    /// A declared role's function is not exported by the library.
    case roleNotExported(scene: String, role: String, symbol: String, suggestion: String?)
    /// A declared role's signature does not read; `expected` is the interface's for that role.
    case roleSignatureInvalid(
        scene: String, role: String, signature: String, column: Int, reason: String, expected: String)
    /// A declared role's signature is not the interface's for that role.
    case roleSignatureMismatch(scene: String, role: String, declared: String, expected: String, reason: String)
    /// The library exports a role's function that its scene does not declare.
    case roleNotDeclared(scene: String, symbol: String, signature: String)
    /// libffi could not prepare a role's call.
    case roleUnusable(scene: String, role: String, reason: String)

    /// What is wrong and what to do, after "plugin NAME: PATH".
    package var text: String {
        switch self {
        case .twoEntries:
            return
                "it exports both scene_host_plugin (a C plugin) and scene_plugin_entry (a Swift plugin), so which it is cannot be told. Export one."
        case .badMagic(let found):
            return
                "its scene_host_plugin does not start with SCENE_HOST_C_MAGIC (found 0x\(String(found, radix: 16))). Define it as in scene_host.h: {SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, name, version, register_scenes}."
        case .interfaceVersion(let found, let host):
            return
                "it was built against version \(found) of the C scene interface; this host has version \(host). Rebuild it against this host's header ('scene-host interface --format c > scene_host.h')."
        case .badHandshakeText(let field, let problem):
            return "scene_host_plugin.\(field) \(problem). Give it a UTF-8 string literal."
        case .noRegisterFunction:
            return
                "scene_host_plugin.register_scenes is NULL. Point it at the function that declares the plugin's scenes."
        case .registrationRefused(let status):
            return
                "its register_scenes returned \(status), not SCENE_HOST_OK. Return SCENE_HOST_OK once its scenes are declared, or fix what made it refuse."
        case .declarationRefused(let call, let scene, let reason):
            let place = scene.map { " for scene '\($0)'" } ?? ""
            return "\(call)\(place): \(reason.endingSentence) Fix this call in its register_scenes."
        case .noScene:
            return "its register_scenes declared no scene. Call api->declare_scene(registration, \"Name\") for each."
        case .roleUnknown(let scene, let role, let suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return
                "scene '\(scene)' declares the role '\(role)', which is no role of the C scene interface ('scene-host interface --format json' lists them).\(hint)"
        case .roleMissing(let scene, let role, let requirement, let signature):
            let who = requirement.isEmpty ? "every scene" : "every scene \(requirement)"
            return
                "scene '\(scene)' declares no role '\(role)', which \(who) must have. Export \(scene)\(role) and declare it: api->declare_role(registration, \"\(scene)\", \"\(role)\", \"\(signature)\")."
        case .roleNotExported(let scene, let role, let symbol, let suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return
                "scene '\(scene)' declares the role '\(role)', but the library exports no function '\(symbol)' (define it with SCENE_HOST_EXPORT).\(hint)"
        case .roleSignatureInvalid(let scene, let role, let signature, let column, let reason, let expected):
            return
                "scene '\(scene)', role '\(role)': the signature \"\(signature)\" does not read at column \(column): \(reason). Declare the interface's \(expected), or the first of its parameters."
        case .roleSignatureMismatch(let scene, let role, let declared, let expected, let reason):
            return
                "scene '\(scene)', role '\(role)' is declared as \(declared), which does not match the interface's \(expected): \(reason). Declare the first parameters of \(expected), in order."
        case .roleNotDeclared(let scene, let symbol, let signature):
            return
                "it exports \(symbol), a role of scene '\(scene)', but does not declare it, so the host would never call it. Declare it: api->declare_role(registration, \"\(scene)\", \"\(symbol.dropFirst(scene.count))\", \"\(signature)\")."
        case .roleUnusable(let scene, let role, let reason):
            return "scene '\(scene)', role '\(role)' cannot be called: \(reason)."
        }
    }
}

extension String {
    /// The text as the end of a sentence: a full stop added unless it ends with one or with a
    /// question mark (a reason's "Did you mean 'Next'?").
    var endingSentence: String {
        hasSuffix(".") || hasSuffix("?") ? self : self + "."
    }
}
