import Foundation
import Testing
import TestSupport

/// Bad C at run time (issue: scenes in C, "bad C is a located error, never a host crash"): a C
/// scene built at test time calls the host wrongly, or crashes, under the real `scene-host run
/// --script`. A refused call fails the role that made it with the host's message, naming the
/// plugin, the scene, the role's function, the call and the argument: a render shows it as the
/// screen's alert, an event handler's is the command's error and the screen stays as it was.
@Suite("C scenes that call the host wrongly, or crash, at run time (end to end)")
struct CSceneRunTimeTests {
    /// Runs `script` (a file next to the config) on `plugin`; the result and the output's blocks.
    static func run(
        _ plugin: BadCPlugin, _ script: String, others: [(name: String, path: String)] = []
    ) throws -> (result: HostProcess.Result, blocks: [String]) {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let (config, _) = try plugin.install(in: folder, others: others)
        let file = try folder.write(script, to: "bad.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", file])
        #expect(!result.signaled && !result.timedOut, "\(result.stderr)")
        return (result, BadCPlugin.blocks(result.stdout))
    }

    /// The host's message for a refused call `call` of `role`.
    static func refused(_ role: String, _ call: String, _ reason: String) -> String {
        "scene 'Bad' (C plugin BadC): Bad\(role) called \(call), which the host refused: \(reason)"
    }

    /// A plugin whose `bad` button makes the next render run `code` (after its note and button).
    static func renderCalling(_ code: String) -> BadCPlugin {
        var plugin = BadCPlugin()
        plugin.render = BadCPlugin.render(buttons: ["bad"], then: "if (strcmp(state->note, \"bad\") == 0) { \(code) }")
        plugin.handleTap = BadCPlugin.handleTap([("bad", "strcpy(state->note, \"bad\");")])
        return plugin
    }

    static let calmScreen = "== Bad ==  (Bad)\nlabel   note  \nbutton  bad   [bad]"

    @Test(
        "a render's refused call: the screen is the host's message as its alert, and the run goes on",
        arguments: [
            ("a NULL id", #"host->add_label(screen, NULL, "text");"#, "add_label", "its argument 'id' is NULL."),
            (
                "a text of 70000 bytes",
                "static char big[70001]; memset(big, 'a', 70000); big[70000] = 0; host->add_label(screen, \"big\", big);",
                "add_label", "its argument 'text' is longer than 65536 bytes (or has no NUL at its end)."
            ),
            (
                "a text that is not UTF-8", #"host->add_label(screen, "bytes", "caf\xC3(");"#, "add_label",
                "its argument 'text' is not valid UTF-8."
            ),
            ("a NULL title", "host->set_title(screen, NULL);", "set_title", "its argument 'title' is NULL."),
            (
                "an end_section with no section open", "host->end_section(screen);", "end_section",
                "no section is open."
            ),
        ])
    func renderRefused(name: String, code: String, call: String, reason: String) throws {
        let (result, blocks) = try Self.run(Self.renderCalling(code), "tap bad\nprint\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(blocks.count == 3, "\(result.stdout)")
        guard blocks.count == 3 else { return }
        #expect(blocks[0] == Self.calmScreen)
        let alert =
            "== Bad ==  (Bad)\nalert   scene-host-error  ! " + Self.refused("ViewController_render", call, reason)
        #expect(blocks[1] == "tap bad\n" + alert, "\(name)")
        #expect(blocks[2] == "print\n" + alert, "\(name)")
    }

    @Test(
        "an event handler's refused call: the command's error, and the screen unchanged (nothing navigated)",
        arguments: [
            (
                "route to a NULL destination", "host->route(state->scene, NULL, NULL);", "route",
                "its argument 'destination' is NULL."
            ),
            (
                "fail with a message that is not UTF-8", #"host->fail(state->scene, "\xFF");"#, "fail",
                "its argument 'message' is not valid UTF-8."
            ),
            (
                "route with the scene handle NULL", #"host->route(NULL, "Bad", NULL);"#, "route",
                "its argument 'scene' is not the scene whose role is running (keep the one <Scene>Interactor_create was given, and use it in that scene's roles)."
            ),
            (
                "a payload it never made", #"host->payload_set_int((scene_host_payload *)state, "count", 1);"#,
                "payload_set_int",
                "its argument 'payload' is no payload of this call (made by payload_create in this role, and not yet passed to route or payload_destroy)."
            ),
        ])
    func handlerRefused(name: String, code: String, call: String, reason: String) throws {
        var plugin = BadCPlugin()
        plugin.declarations = BadCPlugin.declarations(adding: [
            #"api->declare_route(registration, "Bad", "Bad", NULL, NULL, NULL);"#
        ])
        plugin.render = BadCPlugin.render(buttons: ["bad"])
        plugin.handleTap = BadCPlugin.handleTap([("bad", code)])
        let (result, blocks) = try Self.run(plugin, "tap bad\n")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(blocks.count == 2, "\(result.stdout)")
        guard blocks.count == 2 else { return }
        #expect(
            blocks[1]
                == "tap bad\nbad.script:1: error: \(Self.refused("ViewController_handleTap", call, reason))\n"
                + Self.calmScreen, "\(name)")
    }

    /// Bad routes to Next, a C scene of the same plugin whose input is `NextInput` (`title: String,
    /// count: Int`), and shows it; each button of `payloads` builds a payload and routes with it.
    static func routing(_ payloads: [(button: String, code: String)]) -> BadCPlugin {
        var plugin = BadCPlugin()
        plugin.extra = """
            typedef struct NextState { char title[256]; int64_t count; } NextState;

            SCENE_HOST_EXPORT void *NextInteractor_create(scene_host_scene *scene) {
                (void)scene;
                return calloc(1, sizeof(NextState));
            }

            SCENE_HOST_EXPORT void NextInteractor_destroy(NextState *state) { free(state); }

            SCENE_HOST_EXPORT void NextDataStore_acceptInput(NextState *state, const char *title, int64_t count) {
                snprintf(state->title, sizeof state->title, "%s", title);
                state->count = count;
            }

            SCENE_HOST_EXPORT void NextViewController_render(NextState *state, scene_host_screen *screen) {
                char text[300];
                snprintf(text, sizeof text, "%s x%lld", state->title, (long long)state->count);
                host->set_title(screen, "Next");
                host->add_label(screen, "got", text);
            }
            """
        plugin.declarations = BadCPlugin.declarations(adding: [
            #"api->declare_route(registration, "Bad", "Next", NULL, "NextInput", "title: String, count: Int");"#,
            #"api->declare_scene(registration, "Next");"#,
            #"api->declare_input(registration, "Next", "NextInput", "title: String, count: Int");"#,
            #"api->declare_role(registration, "Next", "Interactor_create", "pointer(pointer)");"#,
            #"api->declare_role(registration, "Next", "Interactor_destroy", "void(pointer)");"#,
            #"api->declare_role(registration, "Next", "DataStore_acceptInput", "void(pointer, string, int64)");"#,
            #"api->declare_role(registration, "Next", "ViewController_render", "void(pointer, pointer)");"#,
        ])
        plugin.render = BadCPlugin.render(buttons: payloads.map(\.button))
        plugin.handleTap =
            "scene_host_payload *payload = NULL;\n    (void)payload;\n    " + BadCPlugin.handleTap(payloads)
        return plugin
    }

    @Test(
        "a payload that does not match the route's, or a route never declared: refused with the exact reason, nothing navigated",
        arguments: [
            (
                "a field missing",
                #"payload = host->payload_create("NextInput"); host->payload_set_string(payload, "title", "Tea"); host->route(state->scene, "Next", payload);"#,
                "its field 'count' (Int) is not set."
            ),
            (
                "a field of the wrong type",
                #"payload = host->payload_create("NextInput"); host->payload_set_string(payload, "title", "Tea"); host->payload_set_string(payload, "count", "2"); host->route(state->scene, "Next", payload);"#,
                "its field 'count' is String, not Int."
            ),
            (
                "a field the type does not have",
                #"payload = host->payload_create("NextInput"); host->payload_set_string(payload, "title", "Tea"); host->payload_set_int(payload, "count", 2); host->payload_set_bool(payload, "paid", 1); host->route(state->scene, "Next", payload);"#,
                "'paid' is not a field of NextInput."
            ),
            (
                "another type name",
                #"payload = host->payload_create("NextInputs"); host->payload_set_string(payload, "title", "Tea"); host->payload_set_int(payload, "count", 2); host->route(state->scene, "Next", payload);"#,
                "the payload is a NextInputs, but the route passes a NextInput."
            ),
            (
                "no payload", #"host->route(state->scene, "Next", NULL);"#,
                "the route to 'Next' passes a NextInput, and the payload is NULL."
            ),
            (
                "a destination never declared", #"host->route(state->scene, "Nxt", NULL);"#,
                "the scene declares no route to 'Nxt' (declare_route). Did you mean 'Next'?"
            ),
        ])
    func payloadRefused(name: String, code: String, reason: String) throws {
        let plugin = Self.routing([("bad", code)])
        let (result, blocks) = try Self.run(plugin, "tap bad\nprint\n")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(blocks.count == 3, "\(result.stdout)")
        guard blocks.count == 3 else { return }
        #expect(
            blocks[1]
                == "tap bad\nbad.script:1: error: \(Self.refused("ViewController_handleTap", "route", reason))\n"
                + Self.calmScreen, "\(name)")
        #expect(blocks[2] == "print\n" + Self.calmScreen, "\(name)")
    }

    @Test(
        "the payload that matches is passed: Next shows what it was given (the cases above differ only in what they refuse)"
    )
    func payloadAccepted() throws {
        let plugin = Self.routing([
            (
                "good",
                #"payload = host->payload_create("NextInput"); host->payload_set_string(payload, "title", "Tea"); host->payload_set_int(payload, "count", 2); host->route(state->scene, "Next", payload);"#
            )
        ])
        let (result, blocks) = try Self.run(plugin, "tap good\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(blocks.last == "tap good\n== Next ==  (Bad › Next)\nlabel   got  Tea x2", "\(result.stdout)")
    }

    @Test("route with the scene handle of another instance of the scene is refused; with its own it navigates")
    func anotherScenesHandle() throws {
        var plugin = BadCPlugin()
        plugin.declarations = BadCPlugin.declarations(adding: [
            #"api->declare_route(registration, "Bad", "Bad", NULL, NULL, NULL);"#
        ])
        plugin.render = BadCPlugin.render(buttons: ["again", "first"])
        plugin.handleTap = BadCPlugin.handleTap([
            ("again", #"host->route(state->scene, "Bad", NULL);"#),
            // The handle of the first Bad built, kept in a global: still alive, below this one.
            ("first", #"host->route(first_scene, "Bad", NULL);"#),
        ])
        let (result, blocks) = try Self.run(plugin, "tap again\ntap first\n")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(blocks.count == 3, "\(result.stdout)")
        guard blocks.count == 3 else { return }
        let screen = "== Bad ==  (Bad › Bad)\nlabel   note   \nbutton  again  [again]\nbutton  first  [first]"
        #expect(blocks[1] == "tap again\n" + screen)
        #expect(
            blocks[2]
                == "tap first\nbad.script:2: error: "
                + Self.refused(
                    "ViewController_handleTap", "route",
                    "its argument 'scene' is not the scene whose role is running (keep the one <Scene>Interactor_create was given, and use it in that scene's roles)."
                ) + "\n" + screen)
    }

    @Test("add_label on the screen kept from the last render, in a tap: refused, not followed")
    func staleScreen() throws {
        var plugin = BadCPlugin()
        plugin.render = BadCPlugin.render(buttons: ["stale"])
        plugin.handleTap = BadCPlugin.handleTap([("stale", #"host->add_label(last_screen, "late", "too late");"#)])
        let (result, blocks) = try Self.run(plugin, "tap stale\n")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            blocks.last
                == "tap stale\nbad.script:1: error: "
                + Self.refused(
                    "ViewController_handleTap", "add_label",
                    "its argument 'screen' is not the screen this render was given (a screen is filled inside <Scene>ViewController_render only)."
                ) + "\n== Bad ==  (Bad)\nlabel   note   \nbutton  stale  [stale]", "\(result.stdout)")
    }

    @Test("a call from another thread (one the render starts and joins) returns SCENE_HOST_REFUSED and changes nothing")
    func anotherThread() throws {
        var plugin = BadCPlugin()
        plugin.extra = """
            static int32_t thread_status = -1;
            static int thread_payload = -1;

            static void *from_thread(void *screen) {
                thread_status = host->add_label((scene_host_screen *)screen, "thread", "from a thread");
                thread_payload = host->payload_create("NextInput") != NULL;
                return NULL;
            }
            """
        plugin.render = BadCPlugin.render(
            buttons: ["start"],
            then: """
                if (strcmp(state->note, "start") == 0) {
                        pthread_t thread;
                        char text[128];
                        pthread_create(&thread, NULL, from_thread, screen);
                        pthread_join(thread, NULL);
                        snprintf(text, sizeof text, "add_label %s, payload_create %s",
                                 thread_status == SCENE_HOST_REFUSED ? "refused" : "accepted",
                                 thread_payload == 0 ? "NULL" : "made");
                        host->add_label(screen, "result", text);
                    }
                """)
        plugin.handleTap = BadCPlugin.handleTap([("start", #"strcpy(state->note, "start");"#)])
        let (result, blocks) = try Self.run(plugin, "tap start\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            blocks.last
                == "tap start\n== Bad ==  (Bad)\nlabel   note    start\nbutton  start   [start]\nlabel   result  add_label refused, payload_create NULL",
            "\(result.stdout)")
    }

    @Test("fail: the plugin's own message, exactly, as the command's error (a tap) or the screen's alert (a render)")
    func fail() throws {
        var plugin = BadCPlugin()
        plugin.render = BadCPlugin.render(
            buttons: ["tap", "draw"],
            then:
                #"if (strcmp(state->note, "draw") == 0) host->fail(state->scene, "the total 'x' cannot be shown: its price list is empty");"#
        )
        plugin.handleTap = BadCPlugin.handleTap([
            ("tap", #"host->fail(state->scene, "the order could not be saved: the disk is full");"#),
            ("draw", #"strcpy(state->note, "draw");"#),
        ])
        let (result, blocks) = try Self.run(plugin, "tap tap\ntap draw\n")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(blocks.count == 3, "\(result.stdout)")
        guard blocks.count == 3 else { return }
        #expect(
            blocks[1]
                == "tap tap\nbad.script:1: error: scene 'Bad' (C plugin BadC): BadViewController_handleTap failed: the order could not be saved: the disk is full\n"
                + BadCPlugin.screen(blocks[0]))
        #expect(
            blocks[2]
                == "tap draw\n== Bad ==  (Bad)\nalert   scene-host-error  ! scene 'Bad' (C plugin BadC): BadViewController_render failed: the total 'x' cannot be shown: its price list is empty"
        )
    }

    @Test("a role that has failed navigates nowhere after it: route and route_back return SCENE_HOST_REFUSED")
    func failedRoleNavigatesNowhere() throws {
        var plugin = BadCPlugin()
        plugin.declarations = BadCPlugin.declarations(adding: [
            #"api->declare_route(registration, "Bad", "Bad", NULL, NULL, NULL);"#
        ])
        plugin.render = BadCPlugin.render(buttons: ["bad", "look"])
        plugin.handleTap = BadCPlugin.handleTap([
            (
                "bad",
                #"host->fail(state->scene, "nope"); if (host->route(state->scene, "Bad", NULL) == SCENE_HOST_REFUSED && host->route_back(state->scene) == SCENE_HOST_REFUSED) strcpy(state->note, "both refused");"#
            ),
            ("look", ""),
        ])
        let (result, blocks) = try Self.run(plugin, "tap bad\ntap look\n")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(blocks.count == 3, "\(result.stdout)")
        guard blocks.count == 3 else { return }
        #expect(
            blocks[1].hasPrefix(
                "tap bad\nbad.script:1: error: scene 'Bad' (C plugin BadC): BadViewController_handleTap failed: nope\n== Bad ==  (Bad)\n"
            ), "\(blocks[1])")
        #expect(
            blocks[2]
                == "tap look\n== Bad ==  (Bad)\nlabel   note  both refused\nbutton  bad   [bad]\nbutton  look  [look]",
            "\(blocks[2])")
    }

    @Test(
        "a crash inside a role (a NULL write in handleTap): the host names the C plugin, restores the screen and goes on"
    )
    func crashInARole() throws {
        var plugin = BadCPlugin()
        // `crash` crashes only once `arm` was tapped: the probe, which taps each button once in
        // screen order, never arms it before it taps it.
        plugin.render = BadCPlugin.render(buttons: ["crash", "arm", "mark"])
        plugin.handleTap = BadCPlugin.handleTap([
            ("crash", #"if (strcmp(state->note, "armed") == 0) *(volatile int *)0 = 1;"#),
            ("arm", #"strcpy(state->note, "armed");"#),
            ("mark", #"strcpy(state->note, "marked");"#),
        ])
        let (result, blocks) = try Self.run(
            plugin, "tap arm\ntap crash\ntap mark\n",
            others: [
                ("HomeScene", BuildProducts.library("HomeScene")),
                ("DetailScene", BuildProducts.library("DetailScene")),
            ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(blocks.count == 4, "\(result.stdout)")
        guard blocks.count == 4 else { return }
        let screen = { (note: String) in
            "== Bad ==  (Bad)\nlabel   note   \(note)\nbutton  crash  [crash]\nbutton  arm    [arm]\nbutton  mark   [mark]"
        }
        #expect(blocks[1] == "tap arm\n" + screen("armed"))
        #expect(
            blocks[2]
                == "tap crash\nbad.script:2: error: BadC stopped (SIGSEGV in scene 'Bad' during 'tap crash'); the screen was restored.\n"
                + screen(""))
        // The app goes on: the scene, built again in a new worker, takes the next tap.
        #expect(blocks[3] == "tap mark\n" + screen("marked"))
        #expect(!result.stdout.contains("HomeScene stopped") && !result.stdout.contains("DetailScene stopped"))
    }

    @Test(
        "a thread of the C plugin crashes in its own code while a Swift scene is on screen: the C plugin is named and counted, the Swift one is not, and its scene goes on"
    )
    func crashInAThreadOfTheCPlugin() throws {
        var plugin = BadCPlugin()
        plugin.extra = """
            static void *strike(void *unused) {
                const char *trigger = getenv("SCENE_PLUGIN_FIXTURE_TRIGGER");
                (void)unused;
                if (!trigger) return NULL;
                while (access(trigger, F_OK) != 0) usleep(5000);
                *(volatile int *)0 = 1;
                return NULL;
            }
            """
        plugin.declarations = BadCPlugin.declarations(adding: [
            #"api->declare_route(registration, "Bad", "Home", NULL, NULL, NULL);"#
        ])
        // `arm` starts the thread only after `ready`: the probe taps `arm` first, so never starts it.
        plugin.render = BadCPlugin.render(buttons: ["arm", "ready", "leave"])
        plugin.handleTap = BadCPlugin.handleTap([
            (
                "arm",
                #"if (strcmp(state->note, "ready") == 0) { pthread_t thread; pthread_create(&thread, NULL, strike, NULL); pthread_detach(thread); strcpy(state->note, "armed"); }"#
            ),
            ("ready", #"strcpy(state->note, "ready");"#),
            ("leave", #"host->route(state->scene, "Home", NULL);"#),
        ])
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let (config, _) = try plugin.install(
            in: folder,
            others: [
                ("HomeScene", BuildProducts.library("HomeScene")),
                ("DetailScene", BuildProducts.library("DetailScene")),
            ])
        let trigger = folder.path("trigger")
        let host = try PipedHost(
            ["run", "--config", config], environment: ["SCENE_PLUGIN_FIXTURE_TRIGGER": trigger])
        host.type("tap ready\ntap arm\ntap leave\n")
        guard host.waitFor("label   note   armed"), host.waitFor("== Home ==  (Bad › Home)") else {
            Issue.record("\(host.stdout)\n\(host.stderr)")
            _ = host.finish()
            return
        }
        _ = FileManager.default.createFile(atPath: trigger, contents: Data())
        defer { unlink(trigger) }
        let died = Processes.eventually(limit: .seconds(20)) {
            CrashBlameTests.SabotageApp.deadChildren(of: host.pid) >= 1
        }
        #expect(died, "the worker did not die of the C plugin's thread")
        host.type("tap openDetail\ntap openDetail\nprint\n")
        _ = host.waitFor("== Detail ==  (Bad › Home › Detail)")
        let status = host.finish()
        let (output, errors) = (host.stdout, host.stderr)
        #expect(
            output.contains(
                "error: BadC stopped (SIGSEGV in its own code, while on scene 'Home' of HomeScene during 'tap openDetail'); the screen was restored."
            ), "\(output)\n\(errors)")
        #expect(!output.contains("HomeScene stopped"), "\(output)")
        // The scene on screen goes on: the same tap again opens its next scene.
        #expect(output.contains("== Detail ==  (Bad › Home › Detail)"), "\(output)")
        #expect(
            errors.contains(
                "scene worker crashed in another plugin's code than the scene's: counted against that plugin"),
            "\(errors)")
        #expect(errors.contains("plugin=BadC"), "\(errors)")
        #expect(status == 1, "\(output)\n\(errors)")
    }

    @Test(
        "a popped C scene's state is freed (Interactor_destroy ran): the plugin's own count, through a native function")
    func poppedStateFreed() throws {
        var plugin = BadCPlugin()
        plugin.extra = """
            SCENE_HOST_EXPORT const char scene_native_functions[] = "live\\tint32()\\0";

            SCENE_HOST_EXPORT int32_t live(void) { return live_states; }
            """
        plugin.declarations = BadCPlugin.declarations(adding: [
            #"api->declare_route(registration, "Bad", "Bad", NULL, NULL, NULL);"#
        ])
        plugin.render = BadCPlugin.render(
            buttons: ["again"],
            then:
                #"char text[32]; snprintf(text, sizeof text, "%d", (int)live_states); host->add_label(screen, "live", text);"#
        )
        plugin.handleTap = BadCPlugin.handleTap([("again", #"host->route(state->scene, "Bad", NULL);"#)])
        let (result, blocks) = try Self.run(
            plugin,
            "call BadC.live\ntap again\ncall BadC.live\nback\ncall BadC.live\ntap again\ntap again\ncall BadC.live\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(blocks.count == 9, "\(result.stdout)")
        guard blocks.count == 9 else { return }
        #expect(blocks[1].hasPrefix("call BadC.live\n1\n== Bad ==  (Bad)\n"), "\(blocks[1])")
        #expect(blocks[2].hasSuffix("label   live   2"), "\(blocks[2])")
        #expect(blocks[3].hasPrefix("call BadC.live\n2\n== Bad ==  (Bad › Bad)\n"), "\(blocks[3])")
        // Back: the scene above is gone, and its state with it; the one below shows the count.
        #expect(
            blocks[4].hasPrefix("back\n== Bad ==  (Bad)\n") && blocks[4].hasSuffix("label   live   1"), "\(blocks[4])")
        #expect(blocks[5].hasPrefix("call BadC.live\n1\n"), "\(blocks[5])")
        #expect(blocks[8].hasPrefix("call BadC.live\n3\n== Bad ==  (Bad › Bad › Bad)\n"), "\(blocks[8])")
    }
}
