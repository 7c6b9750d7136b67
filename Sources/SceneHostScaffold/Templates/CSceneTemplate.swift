/// <NAME>.c of `new scene --language c`: a complete scene in C, its Clean Swift parts as sections of one file.
///
/// The same scene as the Swift scaffold (a label, a text field, an Update button that shows the text in the label
/// through the VIP cycle, a Done button that goes back), so the same script drives either; no Worker, since the C
/// interface has no work in the background (the interactor does it in the role). NAME and PLUGIN are C identifiers
/// (`CIdentifier`), so they may stand in C names and string literals as they are.
enum CSceneTemplate {
    package static let text = #"""
        // {{NAME}}: a scene written in C against scene_host.h alone, made by
        // `scene-host new scene {{NAME}} --language c`. Build it with `make`.
        //
        // The host finds the scene's roles by name, {{NAME}}<Role> (e.g. {{NAME}}ViewController_render), and
        // calls each through libffi with the signature register_scenes declares for it. The Clean Swift parts
        // are the sections of this file: the state (the scene's DataStore), the ViewController's display
        // logic, the Presenter, the Interactor's business logic, the Router, then the roles the host calls
        // and the registration. The authoring guide's "Scenes in C" explains each rule this file follows.
        #include "scene_host.h"
        #include <ctype.h>
        #include <stdlib.h>
        #include <string.h>

        // The host's functions, kept from register_scenes: the table lives as long as the process.
        static const scene_host_api *host;

        // MARK: State (the DataStore)

        // Everything the scene keeps: made by {{NAME}}Interactor_create, freed by {{NAME}}Interactor_destroy.
        // Its strings are the scene's own copies (malloc): a string the host passes lives only during the call.
        typedef struct {{NAME}}State {
            scene_host_scene *scene;  // this scene, for route, route_back and fail (in its own roles only)
            char *text;               // the DataStore: the text the user last sent with Update
            char *fieldText;          // the ViewController's: what the text field holds
            char *messageText;        // the ViewController's: what the label shows
        } {{NAME}}State;

        // A copy of `length` bytes of `text`, NUL-terminated, in memory of its own; NULL when memory ran out.
        static char *copy_text(const char *text, size_t length) {
            char *copy = malloc(length + 1);
            if (copy) {
                memcpy(copy, text, length);
                copy[length] = '\0';
            }
            return copy;
        }

        // Replaces the string `*slot` with a copy of `text`; 0 when memory ran out (`*slot` is left as it was).
        static int replace_text(char **slot, const char *text) {
            char *copy = copy_text(text, strlen(text));
            if (!copy) return 0;
            free(*slot);
            *slot = copy;
            return 1;
        }

        // MARK: ViewController (display logic)

        // Shows the view model's text in the label; the next render draws it.
        static int {{NAME}}ViewController_displaySomething({{NAME}}State *state, const char *text) {
            return replace_text(&state->messageText, text);
        }

        // MARK: Presenter (presentation logic)

        // Turns the interactor's response (the text) into what the label shows.
        static int {{NAME}}Presenter_presentSomething({{NAME}}State *state, const char *text) {
            if (text[0] == '\0') return {{NAME}}ViewController_displaySomething(state, "Nothing yet");
            static const char prefix[] = "You said: ";
            size_t prefixLength = sizeof prefix - 1, textLength = strlen(text);
            char *message = malloc(prefixLength + textLength + 1);
            if (!message) return 0;
            memcpy(message, prefix, prefixLength);
            memcpy(message + prefixLength, text, textLength + 1);
            int shown = {{NAME}}ViewController_displaySomething(state, message);
            free(message);
            return shown;
        }

        // MARK: Interactor (business logic)

        // The use case: the request's text without the spaces around it becomes the DataStore's text, and
        // is presented. Replace it with your own logic.
        static int {{NAME}}Interactor_doSomething({{NAME}}State *state, const char *request) {
            while (isspace((unsigned char)*request)) request++;
            size_t length = strlen(request);
            while (length > 0 && isspace((unsigned char)request[length - 1])) length--;
            char *text = copy_text(request, length);
            if (!text) return 0;
            free(state->text);
            state->text = text;
            return {{NAME}}Presenter_presentSomething(state, state->text);
        }

        // MARK: Router (routing logic)

        // Back to the scene that showed this one (the Done button). To route on to another scene, declare the
        // route in register_scenes (api->declare_route(registration, "{{NAME}}", "Other", "push", "OtherInput",
        // "text: String")), then from a role: scene_host_payload *input = host->payload_create("OtherInput");
        // host->payload_set_string(input, "text", state->text); host->route(state->scene, "Other", input);
        // (route takes the payload, even when it refuses).
        static void {{NAME}}Router_routeToPrevious({{NAME}}State *state) {
            host->route_back(state->scene);
        }

        // MARK: Roles the host calls

        // Makes the state when the scene is built; NULL refuses to build it.
        SCENE_HOST_EXPORT void *{{NAME}}Interactor_create(scene_host_scene *scene) {
            {{NAME}}State *state = calloc(1, sizeof *state);
            if (state) state->scene = scene;
            return state;
        }

        // Frees the state when the scene is gone. It runs outside every role: it calls no host function.
        SCENE_HOST_EXPORT void {{NAME}}Interactor_destroy({{NAME}}State *state) {
            free(state->text);
            free(state->fieldText);
            free(state->messageText);
            free(state);
        }

        // A scene that takes an input declares it in register_scenes and exports this role, which gets one
        // argument per declared field, in order (a String as a const char *, valid during the call: copy it):
        // SCENE_HOST_EXPORT void {{NAME}}DataStore_acceptInput({{NAME}}State *state, const char *text) {
        //     if (!replace_text(&state->fieldText, text)) host->fail(state->scene, "out of memory");
        // }

        // Once, after the input and before the first render: shows what there is so far.
        SCENE_HOST_EXPORT void {{NAME}}ViewController_viewDidLoad({{NAME}}State *state) {
            if (!{{NAME}}Interactor_doSomething(state, state->fieldText ? state->fieldText : ""))
                host->fail(state->scene, "out of memory");
        }

        // Fills the screen from the state, after every event: keep it cheap, and change no state here.
        SCENE_HOST_EXPORT void {{NAME}}ViewController_render({{NAME}}State *state, scene_host_screen *screen) {
            host->set_title(screen, "{{NAME}}");
            host->add_label(screen, "message", state->messageText ? state->messageText : "");
            host->add_text_field(screen, "text", "type something", state->fieldText ? state->fieldText : "", "", "");
            host->add_button(screen, "update", "Update");
            host->add_button(screen, "done", "Done");
        }

        // The user changed a text field: keep a copy of its text.
        SCENE_HOST_EXPORT void {{NAME}}ViewController_handleEdit({{NAME}}State *state, const char *field, const char *text) {
            if (strcmp(field, "text") == 0 && !replace_text(&state->fieldText, text))
                host->fail(state->scene, "out of memory");
        }

        // The user tapped a button.
        SCENE_HOST_EXPORT void {{NAME}}ViewController_handleTap({{NAME}}State *state, const char *button) {
            if (strcmp(button, "update") == 0) {
                if (!{{NAME}}Interactor_doSomething(state, state->fieldText ? state->fieldText : ""))
                    host->fail(state->scene, "out of memory");
            } else if (strcmp(button, "done") == 0) {
                {{NAME}}Router_routeToPrevious(state);
            }
        }

        // MARK: Registration

        // Declares the scene and every role this file exports, each with the C signature it has: a role may
        // take only the first of the parameters the host passes (`scene-host interface --format json` lists
        // them). A declaration the host refuses fails the plugin's load, with a message that names it.
        static int32_t register_scenes(const scene_host_api *api, scene_host_registration *registration) {
            host = api;
            api->declare_scene(registration, "{{NAME}}");
            // An input: its fields become {{NAME}}DataStore_acceptInput's arguments, in order.
            // api->declare_input(registration, "{{NAME}}", "{{NAME}}Input", "text: String");
            // api->declare_role(registration, "{{NAME}}", "DataStore_acceptInput", "void(pointer, string)");
            api->declare_role(registration, "{{NAME}}", "Interactor_create", "pointer(pointer)");
            api->declare_role(registration, "{{NAME}}", "Interactor_destroy", "void(pointer)");
            api->declare_role(registration, "{{NAME}}", "ViewController_viewDidLoad", "void(pointer)");
            api->declare_role(registration, "{{NAME}}", "ViewController_render", "void(pointer, pointer)");
            api->declare_role(registration, "{{NAME}}", "ViewController_handleEdit", "void(pointer, string, string)");
            api->declare_role(registration, "{{NAME}}", "ViewController_handleTap", "void(pointer, string)");
            return SCENE_HOST_OK;
        }

        // The handshake: the one data symbol the host reads before it runs any code of the library.
        SCENE_HOST_EXPORT const scene_host_plugin_descriptor scene_host_plugin = {
            SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, "{{PLUGIN}}", "0.1.0", register_scenes,
        };

        """#
}
