import Foundation
import Testing
import TestSupport

/// Bad C refused at load time (issue: scenes in C, "bad C is a located error, never a host
/// crash"): a C library built at test time for each case, loaded by the real `scene-host check`.
/// Each is refused with exit status 3 and its exact message at the config's plugin line, which
/// names the plugin, its file and what inside it is wrong, and says what to do.
@Suite("scene-host refuses bad C scene plugins (end to end)")
struct CPluginRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let plugin: @Sendable () -> BadCPlugin
        /// What follows "refusing to load the C plugin PATH: ".
        let text: String
        var testDescription: String { name }

        init(_ name: String, text: String, plugin: @escaping @Sendable () -> BadCPlugin) {
            self.name = name
            self.text = text
            self.plugin = plugin
        }
    }

    static func plugin(_ change: (inout BadCPlugin) -> Void) -> BadCPlugin {
        var plugin = BadCPlugin()
        change(&plugin)
        return plugin
    }

    static let types = "String, Int, Double, Bool, String?"

    static let cases: [Case] = [
        Case(
            "built against interface version 2",
            text:
                "it was built against version 2 of the C scene interface; this host has version 1. Rebuild it against this host's header ('scene-host interface --format c > scene_host.h')."
        ) { plugin { $0.version = "2u" } },
        Case(
            "a descriptor without the magic",
            text:
                "its scene_host_plugin does not start with SCENE_HOST_C_MAGIC (found 0x12345678). Define it as in scene_host.h: {SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, name, version, register_scenes}."
        ) { plugin { $0.magic = "0x12345678u" } },
        Case(
            "a declared role whose function is exported misspelt",
            text:
                "scene 'Bad' declares the role 'ViewController_render', but the library exports no function 'BadViewController_render' (define it with SCENE_HOST_EXPORT). Did you mean 'BadViewController_rendr'?"
        ) { plugin { $0.renderSymbol = "BadViewController_rendr" } },
        Case(
            "a role name misspelt in declare_role",
            text:
                "scene 'Bad' declares the role 'ViewController_rendr', which is no role of the C scene interface ('scene-host interface --format json' lists them). Did you mean 'ViewController_render'?"
        ) {
            plugin {
                $0.declarations = BadCPlugin.declarations(
                    leaving: ["ViewController_render"],
                    adding: [
                        #"api->declare_role(registration, "Bad", "ViewController_rendr", "void(pointer, pointer)");"#
                    ])
            }
        },
        Case(
            "a required role neither declared nor exported (no render)",
            text:
                #"scene 'Bad' declares no role 'ViewController_render', which every scene must have. Export BadViewController_render and declare it: api->declare_role(registration, "Bad", "ViewController_render", "void(pointer, pointer)")."#
        ) {
            plugin {
                $0.renderSymbol = "bad_draw"
                $0.declarations = BadCPlugin.declarations(leaving: ["ViewController_render"])
            }
        },
        Case(
            "a role exported but not declared",
            text:
                #"it exports BadViewController_handleTap, a role of scene 'Bad', but does not declare it, so the host would never call it. Declare it: api->declare_role(registration, "Bad", "ViewController_handleTap", "void(pointer, string)")."#
        ) { plugin { $0.declarations = BadCPlugin.declarations(leaving: ["ViewController_handleTap"]) } },
        Case(
            "a declared signature with a parameter of another type",
            text:
                "scene 'Bad', role 'ViewController_handleTap' is declared as void(pointer, int64), which does not match the interface's void(pointer, string): parameter 2 is int64, the role passes string (button). Declare the first parameters of void(pointer, string), in order."
        ) {
            plugin {
                $0.declarations = BadCPlugin.declarations(
                    leaving: ["ViewController_handleTap"],
                    adding: [
                        #"api->declare_role(registration, "Bad", "ViewController_handleTap", "void(pointer, int64)");"#
                    ])
            }
        },
        Case(
            "a declared signature that returns another type",
            text:
                "scene 'Bad', role 'ViewController_render' is declared as int32(pointer, pointer), which does not match the interface's void(pointer, pointer): it returns int32, the role returns void. Declare the first parameters of void(pointer, pointer), in order."
        ) {
            plugin {
                $0.declarations = BadCPlugin.declarations(
                    leaving: ["ViewController_render"],
                    adding: [
                        #"api->declare_role(registration, "Bad", "ViewController_render", "int32(pointer, pointer)");"#
                    ])
            }
        },
        Case(
            "a declared signature that takes more than the role passes",
            text:
                "scene 'Bad', role 'Interactor_destroy' is declared as void(pointer, pointer), which does not match the interface's void(pointer): it takes 2 parameters, the role has 1. Declare the first parameters of void(pointer), in order."
        ) {
            plugin {
                $0.declarations = BadCPlugin.declarations(
                    leaving: ["Interactor_destroy"],
                    adding: [
                        #"api->declare_role(registration, "Bad", "Interactor_destroy", "void(pointer, pointer)");"#
                    ])
            }
        },
        Case(
            "a declared signature that does not read",
            text:
                "scene 'Bad', role 'ViewController_render': the signature \"void(pointer, pointr)\" does not read at column 15: unknown type 'pointr'; expected one of void, bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double, string, pointer, callback(...). Declare the interface's void(pointer, pointer), or the first of its parameters."
        ) {
            plugin {
                $0.declarations = BadCPlugin.declarations(
                    leaving: ["ViewController_render"],
                    adding: [
                        #"api->declare_role(registration, "Bad", "ViewController_render", "void(pointer, pointr)");"#
                    ])
            }
        },
        Case(
            "a field list without its colon",
            text:
                "declare_input: for scene 'Bad': the fields \"message String\" do not read at column 1: 'message String' is not NAME: TYPE. Fix this call in its register_scenes."
        ) {
            plugin {
                $0.declarations = BadCPlugin.declarations(adding: [
                    #"api->declare_input(registration, "Bad", "BadInput", "message String");"#
                ])
            }
        },
        Case(
            "a field list with a type a C scene cannot pass",
            text:
                "declare_input: for scene 'Bad': the fields \"message: String, count: Integer\" do not read at column 25: 'Integer' is not a type a C scene can pass (\(types)). Fix this call in its register_scenes."
        ) {
            plugin {
                $0.declarations = BadCPlugin.declarations(adding: [
                    #"api->declare_input(registration, "Bad", "BadInput", "message: String, count: Integer");"#
                ])
            }
        },
        Case(
            "a declaration given NULL",
            text: "declare_scene: its argument 'scene' is NULL. Fix this call in its register_scenes."
        ) { plugin { $0.declarations = "api->declare_scene(registration, NULL);\n" + BadCPlugin.declarations() } },
        Case(
            "a declaration given invalid UTF-8",
            text: "declare_scene: its argument 'scene' is not valid UTF-8. Fix this call in its register_scenes."
        ) { plugin { $0.declarations = #"api->declare_scene(registration, "B\xC3(d");"# } },
        Case(
            "register_scenes returns another status than SCENE_HOST_OK",
            text:
                "its register_scenes returned 7, not SCENE_HOST_OK. Return SCENE_HOST_OK once its scenes are declared, or fix what made it refuse."
        ) { plugin { $0.status = "7" } },
        Case(
            "register_scenes declares no scene",
            text: #"its register_scenes declared no scene. Call api->declare_scene(registration, "Name") for each."#
        ) { plugin { $0.declarations = "(void)registration;" } },
        Case(
            "a NULL name in the descriptor",
            text: "scene_host_plugin.name is NULL. Give it a UTF-8 string literal."
        ) { plugin { $0.name = "NULL" } },
    ]

    @Test("check refuses it at the plugin's line with its exact message, exit 3, and survives", arguments: cases)
    func check(_ refusal: Case) throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let (config, library) = try refusal.plugin().install(in: folder)
        let result = try HostProcess.run(["check", "--config", config])
        #expect(!result.signaled && !result.timedOut)
        #expect(result.status == 3, "\(result.stderr)")
        let message =
            "\(config):3:1: error: plugin 'BadC': refusing to load the C plugin \(library): \(refusal.text)"
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    }

    @Test("run refuses it with the same message before showing anything")
    func run() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let (config, library) = try Self.plugin { $0.version = "2u" }.install(in: folder)
        let result = try HostProcess.run(["run", "--config", config], input: "print\n")
        #expect(!result.signaled && result.status == 3, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "\(config):3:1: error: plugin 'BadC': refusing to load the C plugin \(library): it was built against version 2 of the C scene interface; this host has version 1. Rebuild it against this host's header ('scene-host interface --format c > scene_host.h').\n"
            ), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("the plugin that all the cases change loads: check passes it")
    func theStartingPointLoads() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let (config, _) = try BadCPlugin().install(in: folder)
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
