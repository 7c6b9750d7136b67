import Foundation
import TestSupport

/// A C scene plugin written for one test: a library `libBadC.so`, built at test time from C held
/// in the test against the host's own header (Sources/CSceneHost/include), with a config next to it.
///
/// It starts as a plugin that loads and runs: the scene `Bad` (the initial one) with its state, a
/// render that shows `note` and the buttons `go` and `again`, and a tap handler; each test changes
/// the part it is about. The state counts the states alive (`live`), so a test can tell whether
/// `BadInteractor_destroy` ran.
struct BadCPlugin {
    var magic = "SCENE_HOST_C_MAGIC"
    var version = "SCENE_HOST_C_INTERFACE_VERSION"
    /// The descriptor's `name`, as C.
    var name = "\"BadC\""
    /// C statements inside `register_scenes`, after `host = api`.
    var declarations = BadCPlugin.declarations()
    /// What `register_scenes` returns.
    var status = "SCENE_HOST_OK"
    /// The body of `BadViewController_render(State *state, scene_host_screen *screen)`.
    var render = BadCPlugin.standardRender
    /// The body of `BadViewController_handleTap(State *state, const char *button)`.
    var handleTap = ""
    /// The name `BadViewController_render` is exported under (a test misspells it).
    var renderSymbol = "BadViewController_render"
    /// More C at file scope, before the roles of `Bad` (after the globals and `State`).
    var extra = ""

    /// The declarations of `Bad` with its four roles, less `leaving` and plus `adding`.
    static func declarations(leaving: Set<String> = [], adding: [String] = []) -> String {
        let roles = [
            ("Interactor_create", "pointer(pointer)"), ("Interactor_destroy", "void(pointer)"),
            ("ViewController_render", "void(pointer, pointer)"), ("ViewController_handleTap", "void(pointer, string)"),
        ]
        return
            (["api->declare_scene(registration, \"Bad\");"]
            + roles.filter { !leaving.contains($0.0) }.map {
                "api->declare_role(registration, \"Bad\", \"\($0.0)\", \"\($0.1)\");"
            } + adding).joined(separator: "\n    ")
    }

    static let standardRender = """
        host->set_title(screen, "Bad");
            host->add_label(screen, "note", state->note);
            host->add_button(screen, "go", "Go");
            host->add_button(screen, "again", "Again");
        """

    /// A render that shows `note` and a button per id of `buttons` (its title the id), then runs `then`.
    static func render(buttons: [String], then: String = "") -> String {
        (["host->set_title(screen, \"Bad\");", "host->add_label(screen, \"note\", state->note);"]
            + buttons.map { "host->add_button(screen, \"\($0)\", \"\($0)\");" } + [then]).joined(separator: "\n    ")
    }

    /// A tap handler that runs `cases` by button id: `when(button, code)`.
    static func handleTap(_ cases: [(button: String, code: String)]) -> String {
        cases.map { "if (strcmp(button, \"\($0.button)\") == 0) { \($0.code) }" }.joined(separator: "\n    ")
    }

    /// The script run's output as blocks, one per command: the command, any error lines, then the
    /// screen (without its last line break); the first block is the screen the run started with.
    static func blocks(_ output: String) -> [String] {
        var blocks = output.components(separatedBy: "\n\n> ").map {
            $0.hasPrefix("> ") ? String($0.dropFirst(2)) : $0
        }
        // Each block without the line break that ends it, the last one too.
        if let last = blocks.last, last.hasSuffix("\n") { blocks[blocks.count - 1] = String(last.dropLast()) }
        return blocks
    }

    /// The screen of a block (from its `== Title ==` line on).
    static func screen(_ block: String) -> String {
        block.range(of: "== ").map { String(block[$0.lowerBound...]) } ?? ""
    }

    var source: String {
        """
        #include <scene_host.h>
        #include <pthread.h>
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        static const scene_host_api *host;
        /* How many states are alive: made by Interactor_create, not yet freed by Interactor_destroy. */
        static int32_t live_states;
        /* The scene handle of the first Bad built, and the screen of the last render. */
        static scene_host_scene *first_scene;
        static scene_host_screen *last_screen;

        typedef struct State {
            scene_host_scene *scene;
            char note[512];
        } State;

        \(extra)

        SCENE_HOST_EXPORT void *BadInteractor_create(scene_host_scene *scene) {
            State *state = calloc(1, sizeof *state);
            if (!state) return NULL;
            state->scene = scene;
            if (!first_scene) first_scene = scene;
            live_states++;
            return state;
        }

        SCENE_HOST_EXPORT void BadInteractor_destroy(State *state) {
            live_states--;
            free(state);
        }

        SCENE_HOST_EXPORT void \(renderSymbol)(State *state, scene_host_screen *screen) {
            \(render)
            last_screen = screen;
        }

        SCENE_HOST_EXPORT void BadViewController_handleTap(State *state, const char *button) {
            (void)state; (void)button;
            \(handleTap)
        }

        static int32_t register_scenes(const scene_host_api *api, scene_host_registration *registration) {
            host = api;
            \(declarations)
            return \(status);
        }

        SCENE_HOST_EXPORT const scene_host_plugin_descriptor scene_host_plugin = {
            \(magic), \(version), \(name), "1.0.0", register_scenes,
        };
        """
    }

    /// The host's header's folder, from the package's root.
    static var interface: String {
        BuildProducts.packageRoot.appendingPathComponent("Sources/CSceneHost/include").path
    }

    /// Builds the library and writes a config starting at `initial` that loads it as plugin
    /// `BadC` (its table on line 3), then the plugins `others`.
    func install(
        in folder: TemporaryFolder, initial: String = "Bad", others: [(name: String, path: String)] = []
    )
        throws -> (config: String, library: String)
    {
        let library = folder.path("libBadC.so")
        try CLibraries.build(
            source, to: library,
            arguments: ["-I", Self.interface, "-std=gnu11", "-g", "-fvisibility=hidden", "-pthread"])
        let config = try folder.write(
            DemoConfig.config(initial: initial, plugins: [("BadC", library)] + others), to: "bad.conf")
        return (config, library)
    }
}
