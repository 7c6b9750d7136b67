// The demo's Detail scene written in C against scene_host.h alone: the same scene as
// Plugins/DetailScene (Swift), so the demo runs with either (examples/hello-c.conf).
//
// Its roles are the Clean Swift parts as C functions the host finds by name, <Scene><Role>:
// DetailInteractor_create makes the scene's state, DetailDataStore_acceptInput takes Home's
// message, DetailViewController_viewDidLoad asks the interactor to show it, the presenter
// formats it, DetailViewController_render draws it, DetailViewController_handleTap routes back.
#include <scene_host.h>
#include <stdlib.h>
#include <string.h>

static const scene_host_api *host;

// The scene's state: the interactor's DataStore and what the ViewController displays.
typedef struct Detail {
    scene_host_scene *scene;
    char *message;      // DetailDataStore.message
    char *messageText;  // what the ViewController shows
} Detail;

static char *copy(const char *text) {
    size_t length = strlen(text) + 1;
    char *copied = malloc(length);
    if (copied) memcpy(copied, text, length);
    return copied;
}

// MARK: ViewController (display logic)

static void DetailViewController_displayMessage(Detail *detail, const char *text) {
    free(detail->messageText);
    detail->messageText = copy(text);
}

// MARK: Presenter (presentation logic)

static void DetailPresenter_presentMessage(Detail *detail, const char *message) {
    DetailViewController_displayMessage(detail, message[0] ? message : "(no message)");
}

// MARK: Interactor (business logic)

static void DetailInteractor_showMessage(Detail *detail) {
    DetailPresenter_presentMessage(detail, detail->message ? detail->message : "");
}

// MARK: Roles the host calls

SCENE_HOST_EXPORT void *DetailInteractor_create(scene_host_scene *scene) {
    Detail *detail = calloc(1, sizeof *detail);
    if (detail) detail->scene = scene;
    return detail;
}

SCENE_HOST_EXPORT void DetailInteractor_destroy(Detail *detail) {
    free(detail->message);
    free(detail->messageText);
    free(detail);
}

SCENE_HOST_EXPORT void DetailDataStore_acceptInput(Detail *detail, const char *message) {
    free(detail->message);
    detail->message = copy(message);
}

SCENE_HOST_EXPORT void DetailViewController_viewDidLoad(Detail *detail) {
    DetailInteractor_showMessage(detail);
}

SCENE_HOST_EXPORT void DetailViewController_render(Detail *detail, scene_host_screen *screen) {
    host->set_title(screen, "Detail");
    host->add_label(screen, "message", detail->messageText ? detail->messageText : "");
    host->add_button(screen, "done", "Done");
}

SCENE_HOST_EXPORT void DetailViewController_handleTap(Detail *detail, const char *button) {
    if (strcmp(button, "done") == 0) host->route_back(detail->scene);
}

// MARK: Registration

static int32_t register_scenes(const scene_host_api *api, scene_host_registration *registration) {
    host = api;
    api->declare_scene(registration, "Detail");
    api->declare_input(registration, "Detail", "DetailInput", "message: String");
    api->declare_role(registration, "Detail", "Interactor_create", "pointer(pointer)");
    api->declare_role(registration, "Detail", "Interactor_destroy", "void(pointer)");
    api->declare_role(registration, "Detail", "DataStore_acceptInput", "void(pointer, string)");
    api->declare_role(registration, "Detail", "ViewController_viewDidLoad", "void(pointer)");
    api->declare_role(registration, "Detail", "ViewController_render", "void(pointer, pointer)");
    api->declare_role(registration, "Detail", "ViewController_handleTap", "void(pointer, string)");
    return SCENE_HOST_OK;
}

SCENE_HOST_EXPORT const scene_host_plugin_descriptor scene_host_plugin = {
    SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, "DetailC", "1.0.0", register_scenes,
};
