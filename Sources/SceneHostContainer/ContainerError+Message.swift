import SceneSDK
import SceneHostCore
import SceneHostNative

extension ContainerError: LocatedHostError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// A clash or a scene that cannot be built is the graph's; a scene asked for by name at run time is a failed command.
    package var exitStatus: ExitStatus {
        switch self {
        case .duplicateScene, .wiringFailed: return .sceneGraphError
        // The plugin's own code is wrong, as when it throws while registering.
        case .sceneRegisteredTwice: return .pluginError
        // The user fixes the setting in scenes.conf (or the file it names).
        case .settingRejected, .serviceSettingsDiffer: return .configError
        case .unknownScene, .noScene: return .commandsFailed
        }
    }

    /// The message before it is escaped, for a message that quotes it (`FailureCause.container`).
    package var unescapedMessage: String { errorLine.unescaped }

    /// Where and what, apart (`LocatedHostError`).
    package var errorLine: ErrorLine {
        switch self {
        case .duplicateScene(let scene, let first, let second):
            return ErrorLine(
                at: second.location,
                "scene \(name: scene) is registered by two plugins: \(name: first.name) (\(first.path)) and \(name: second.name) (\(second.path)). Scene names must be unique: rename one of the scenes, or remove one plugin from the config."
            )
        case .serviceSettingsDiffer(let service, let first, let second, let key, let firstValue, let secondValue):
            return ErrorLine(
                at: second.location(ofSetting: key),
                "plugins \(name: first.name) and \(name: second.name) both register service \(name: service), and set \(name: key) differently (\(firstValue) and \(secondValue)): one registration serves the whole app, so one value would go unused. Set the same value in [plugins.\(first.name).settings] and [plugins.\(second.name).settings], or register the service in one plugin only."
            )
        case .sceneRegisteredTwice(let scene, let plugin):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) registers scene \(name: scene) twice in its register(in:). Register each scene once; to show it under a second name, give that definition another name."
            )
        case .wiringFailed(let scene, let plugin, let error):
            let subject = plugin.map { "scene \(name: scene) (plugin \(name: $0.name))" } ?? "scene \(name: scene)"
            return ErrorLine(at: plugin?.location, "\(subject) cannot be wired: \(error.clause).")
        case .settingRejected(let scene, let plugin, let key, let reason):
            guard let plugin else {
                return ErrorLine(
                    at: nil, "scene \(name: scene) cannot be built: setting \(name: key): \(reason.withoutFinalStop).")
            }
            return ErrorLine(
                at: plugin.location(ofSetting: key),
                "scene \(name: scene) cannot be built: setting \(name: key) of plugin \(name: plugin.name): \(reason.withoutFinalStop). Fix it in [plugins.\(plugin.name).settings]."
            )
        case .unknownScene(let scene, let source, let registered):
            return ErrorLine(
                at: nil,
                "route from \(name: source) to \(name: scene) failed: no plugin registers a scene named \(name: scene). \(Suggestion.registeredList(registered, near: scene))"
            )
        case .noScene:
            return ErrorLine(at: nil, "no scene is on screen.")
        }
    }
}

extension FailureCause {
    /// Why a scene or a registration failed, as a clause (without "error: " or a location).
    package var clause: String {
        switch self {
        case .scene(let error): return error.clause.withoutFinalStop
        case .container(let error):
            let message = error.unescapedMessage
            guard let range = message.firstRange(of: "error: ") else { return message.withoutFinalStop }
            return String(message[range.upperBound...]).withoutFinalStop
        case .other(let text): return text.withoutFinalStop
        }
    }
}
