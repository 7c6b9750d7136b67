import Testing
@testable import SceneHostCScenes

/// Why a C plugin was not loaded: each problem's text exactly, as it follows "plugin NAME: refusing
/// to load the C plugin PATH: ". Each names what is wrong inside the library and says what to do.
@Suite("CPluginProblem")
struct CPluginProblemTests {
    @Test(
        "each problem's text",
        arguments: [
            (
                CPluginProblem.twoEntries,
                "it exports both scene_host_plugin (a C plugin) and scene_plugin_entry (a Swift plugin), so which it is cannot be told. Export one."
            ),
            (
                .badMagic(found: 0xDEAD_BEEF),
                "its scene_host_plugin does not start with SCENE_HOST_C_MAGIC (found 0xdeadbeef). Define it as in scene_host.h: {SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, name, version, register_scenes}."
            ),
            (
                .interfaceVersion(found: 2, host: 1),
                "it was built against version 2 of the C scene interface; this host has version 1. Rebuild it against this host's header ('scene-host interface --format c > scene_host.h')."
            ),
            (
                .badHandshakeText(field: "name", problem: "is NULL"),
                "scene_host_plugin.name is NULL. Give it a UTF-8 string literal."
            ),
            (
                .noRegisterFunction,
                "scene_host_plugin.register_scenes is NULL. Point it at the function that declares the plugin's scenes."
            ),
            (
                .registrationRefused(status: 1),
                "its register_scenes returned 1, not SCENE_HOST_OK. Return SCENE_HOST_OK once its scenes are declared, or fix what made it refuse."
            ),
            (
                .declarationRefused(
                    call: "declare_input", scene: nil,
                    reason:
                        "for scene 'Detail': the fields \"message String\" do not read at column 1: 'message String' is not NAME: TYPE"
                ),
                "declare_input: for scene 'Detail': the fields \"message String\" do not read at column 1: 'message String' is not NAME: TYPE. Fix this call in its register_scenes."
            ),
            (
                .declarationRefused(
                    call: "declare_role", scene: "Detail",
                    reason: "'Detial' is no scene declared so far (declare_scene comes first). Did you mean 'Detail'?"),
                "declare_role for scene 'Detail': 'Detial' is no scene declared so far (declare_scene comes first). Did you mean 'Detail'? Fix this call in its register_scenes."
            ),
            (
                .noScene,
                "its register_scenes declared no scene. Call api->declare_scene(registration, \"Name\") for each."
            ),
            (
                .roleUnknown(scene: "Detail", role: "ViewController_rendr", suggestion: "ViewController_render"),
                "scene 'Detail' declares the role 'ViewController_rendr', which is no role of the C scene interface ('scene-host interface --format json' lists them). Did you mean 'ViewController_render'?"
            ),
            (
                .roleUnknown(scene: "Detail", role: "paint", suggestion: nil),
                "scene 'Detail' declares the role 'paint', which is no role of the C scene interface ('scene-host interface --format json' lists them)."
            ),
            (
                .roleMissing(
                    scene: "Detail", role: "ViewController_render", requirement: "", signature: "void(pointer, pointer)"
                ),
                "scene 'Detail' declares no role 'ViewController_render', which every scene must have. Export DetailViewController_render and declare it: api->declare_role(registration, \"Detail\", \"ViewController_render\", \"void(pointer, pointer)\")."
            ),
            (
                .roleMissing(
                    scene: "Detail", role: "DataStore_acceptInput", requirement: "with an input",
                    signature: "void(pointer, string)"),
                "scene 'Detail' declares no role 'DataStore_acceptInput', which every scene with an input must have. Export DetailDataStore_acceptInput and declare it: api->declare_role(registration, \"Detail\", \"DataStore_acceptInput\", \"void(pointer, string)\")."
            ),
            (
                .roleNotExported(
                    scene: "Detail", role: "ViewController_render", symbol: "DetailViewController_render",
                    suggestion: "DetailViewController_rendr"),
                "scene 'Detail' declares the role 'ViewController_render', but the library exports no function 'DetailViewController_render' (define it with SCENE_HOST_EXPORT). Did you mean 'DetailViewController_rendr'?"
            ),
            (
                .roleSignatureInvalid(
                    scene: "Detail", role: "ViewController_render", signature: "void(pointer, pointr)", column: 15,
                    reason: "unknown type 'pointr'", expected: "void(pointer, pointer)"),
                "scene 'Detail', role 'ViewController_render': the signature \"void(pointer, pointr)\" does not read at column 15: unknown type 'pointr'. Declare the interface's void(pointer, pointer), or the first of its parameters."
            ),
            (
                .roleSignatureMismatch(
                    scene: "Detail", role: "ViewController_handleTap", declared: "void(pointer, int64)",
                    expected: "void(pointer, string)", reason: "parameter 2 is int64, the role passes string (button)"),
                "scene 'Detail', role 'ViewController_handleTap' is declared as void(pointer, int64), which does not match the interface's void(pointer, string): parameter 2 is int64, the role passes string (button). Declare the first parameters of void(pointer, string), in order."
            ),
            (
                .roleNotDeclared(
                    scene: "Detail", symbol: "DetailViewController_handleTap", signature: "void(pointer, string)"),
                "it exports DetailViewController_handleTap, a role of scene 'Detail', but does not declare it, so the host would never call it. Declare it: api->declare_role(registration, \"Detail\", \"ViewController_handleTap\", \"void(pointer, string)\")."
            ),
            (
                .roleUnusable(scene: "Detail", role: "ViewController_render", reason: "libffi refused"),
                "scene 'Detail', role 'ViewController_render' cannot be called: libffi refused."
            ),
        ] as [(CPluginProblem, String)])
    func text(problem: CPluginProblem, text: String) {
        #expect(problem.text == text)
    }
}
