// The polyglot example's Tea scene, in C against scene_host.h alone (examples/polyglot.conf).
//
// Tasting (Swift) routes here by name passing TeaInput { name: String, price: Double, organic: Bool }:
// each field arrives as one C argument of TeaDataStore_acceptInput (a string, a double, a bool). The
// `comment` button routes by name to Comment (Swift) passing CommentInput { subject }, built with the
// payload setters; the CommentResult { text } that Comment hands back arrives as the argument of
// TeaDataStore_acceptResult. `back` leaves as the user's Back does. Tea hands nothing back itself.
//
// The Clean Swift parts are the sections below: the host calls the roles at the bottom by name
// (<Scene><Role>), and they go through the interactor, presenter and ViewController as a Swift scene
// does, so what the screen shows is always made by the presenter from the DataStore.
#include <scene_host.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const scene_host_api *host;

// The scene's state: the interactor's DataStore, then what the ViewController displays.
typedef struct Tea {
    scene_host_scene *scene;
    // TeaDataStore
    char *name;
    double price;
    bool organic;
    char *comment;  // NULL until Comment hands one back
    // The ViewController's view model
    char *titleText;
    char *priceText;
    char *organicText;
    char *commentText;
} Tea;

// A copy the scene owns (the host's strings live only during the call); NULL when out of memory.
static char *copy(const char *text) {
    size_t length = strlen(text) + 1;
    char *copied = malloc(length);
    if (copied) memcpy(copied, text, length);
    return copied;
}

// Replaces `*slot` with a copy of `text`; false (and `*slot` unchanged) when out of memory.
static bool replace(char **slot, const char *text) {
    char *copied = copy(text);
    if (!copied) return false;
    free(*slot);
    *slot = copied;
    return true;
}

// Stops the role with a message the user sees, instead of showing a half-updated screen.
static void outOfMemory(Tea *tea) {
    host->fail(tea->scene, "Tea ran out of memory");
}

// MARK: ViewController (display logic)

static void TeaViewController_displayTea(Tea *tea, const char *title, const char *price, const char *organic) {
    if (!replace(&tea->titleText, title) || !replace(&tea->priceText, price) || !replace(&tea->organicText, organic)) {
        outOfMemory(tea);
    }
}

static void TeaViewController_displayComment(Tea *tea, const char *comment) {
    if (!replace(&tea->commentText, comment)) outOfMemory(tea);
}

// MARK: Presenter (presentation logic)

static void TeaPresenter_presentTea(Tea *tea, const char *name, double price, bool organic) {
    char priceText[64];
    snprintf(priceText, sizeof priceText, "Price: $%.2f", price);
    TeaViewController_displayTea(tea, name, priceText, organic ? "Organic: yes" : "Organic: no");
}

static void TeaPresenter_presentComment(Tea *tea, const char *comment) {
    if (!comment) {
        TeaViewController_displayComment(tea, "No comment yet");
        return;
    }
    // The comment is the user's text: long enough for any, so it is measured, not cut at a fixed size.
    const char *prefix = "Comment: ";
    size_t length = strlen(prefix) + strlen(comment) + 1;
    char *text = malloc(length);
    if (!text) {
        outOfMemory(tea);
        return;
    }
    snprintf(text, length, "%s%s", prefix, comment);
    TeaViewController_displayComment(tea, text);
    free(text);
}

// MARK: Interactor (business logic)

static void TeaInteractor_showTea(Tea *tea) {
    TeaPresenter_presentTea(tea, tea->name ? tea->name : "", tea->price, tea->organic);
    TeaPresenter_presentComment(tea, tea->comment);
}

// MARK: Router (routing and passing data)

// Passing data: Comment's declared input, CommentInput { subject: String }, from the DataStore.
static scene_host_payload *TeaRouter_passDataToComment(Tea *tea) {
    scene_host_payload *input = host->payload_create("CommentInput");
    if (input) host->payload_set_string(input, "subject", tea->name ? tea->name : "");
    return input;
}

// Routing: by name, to a scene of another plugin and language; `route` takes the payload.
static void TeaRouter_routeToComment(Tea *tea) {
    scene_host_payload *input = TeaRouter_passDataToComment(tea);
    if (input) host->route(tea->scene, "Comment", input);
}

static void TeaRouter_routeBack(Tea *tea) {
    host->route_back(tea->scene);
}

// MARK: Roles the host calls

SCENE_HOST_EXPORT void *TeaInteractor_create(scene_host_scene *scene) {
    Tea *tea = calloc(1, sizeof *tea);
    if (tea) tea->scene = scene;
    return tea;
}

SCENE_HOST_EXPORT void TeaInteractor_destroy(Tea *tea) {
    free(tea->name);
    free(tea->comment);
    free(tea->titleText);
    free(tea->priceText);
    free(tea->organicText);
    free(tea->commentText);
    free(tea);
}

// TeaInput's fields in declared order: name (string), price (double), organic (bool).
SCENE_HOST_EXPORT void TeaDataStore_acceptInput(Tea *tea, const char *name, double price, bool organic) {
    if (!replace(&tea->name, name)) {
        outOfMemory(tea);
        return;
    }
    tea->price = price;
    tea->organic = organic;
}

// CommentResult's one field: the text typed in Comment.
SCENE_HOST_EXPORT void TeaDataStore_acceptResult(Tea *tea, const char *text) {
    if (!replace(&tea->comment, text)) outOfMemory(tea);
}

// Each time Tea comes on screen: first after its input, again after Comment handed its text back.
SCENE_HOST_EXPORT void TeaViewController_viewWillAppear(Tea *tea) {
    TeaInteractor_showTea(tea);
}

SCENE_HOST_EXPORT void TeaViewController_render(Tea *tea, scene_host_screen *screen) {
    host->set_title(screen, tea->titleText ? tea->titleText : "Tea");
    host->add_label(screen, "price", tea->priceText ? tea->priceText : "");
    host->add_label(screen, "organic", tea->organicText ? tea->organicText : "");
    host->add_label(screen, "note", tea->commentText ? tea->commentText : "");
    host->add_button(screen, "comment", "Comment on it");
    host->add_button(screen, "back", "Back to the tasting");
}

SCENE_HOST_EXPORT void TeaViewController_handleTap(Tea *tea, const char *button) {
    if (strcmp(button, "comment") == 0) {
        TeaRouter_routeToComment(tea);
    } else if (strcmp(button, "back") == 0) {
        TeaRouter_routeBack(tea);
    }
}

// MARK: Registration

static int32_t register_scenes(const scene_host_api *api, scene_host_registration *registration) {
    host = api;
    api->declare_scene(registration, "Tea");
    api->declare_input(registration, "Tea", "TeaInput", "name: String, price: Double, organic: Bool");
    api->declare_accepted_result(registration, "Tea", "CommentResult", "text: String");
    api->declare_route(registration, "Tea", "Comment", "push", "CommentInput", "subject: String");
    api->declare_role(registration, "Tea", "Interactor_create", "pointer(pointer)");
    api->declare_role(registration, "Tea", "Interactor_destroy", "void(pointer)");
    api->declare_role(registration, "Tea", "DataStore_acceptInput", "void(pointer, string, double, bool)");
    api->declare_role(registration, "Tea", "DataStore_acceptResult", "void(pointer, string)");
    api->declare_role(registration, "Tea", "ViewController_viewWillAppear", "void(pointer)");
    api->declare_role(registration, "Tea", "ViewController_render", "void(pointer, pointer)");
    api->declare_role(registration, "Tea", "ViewController_handleTap", "void(pointer, string)");
    return SCENE_HOST_OK;
}

SCENE_HOST_EXPORT const scene_host_plugin_descriptor scene_host_plugin = {
    SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, "TeaC", "1.0.0", register_scenes,
};
