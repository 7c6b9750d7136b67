/* scene_host.h: the C interface of scene-host scenes, version 1.
 *
 * Written by `scene-host interface --format c` from the host's interface table (the same table
 * `--format json` describes); do not edit. A scene written against this header alone, in C or in any
 * language that calls C, is a scene like one written in Swift against SceneSDK.
 *
 * The handshake. The library exports one data symbol, `scene_host_plugin`, a
 * `scene_host_plugin_descriptor` whose `magic` is SCENE_HOST_C_MAGIC and whose `interface_version`
 * is the version it was built against. The host reads both before it calls any code of the
 * library, and loads it only when the version is its own. Then it calls `register_scenes` once, on
 * the main thread.
 *
 * Roles. The host calls a scene's roles by name: the function `<Scene><Role>`, e.g.
 * `DetailViewController_render`, found with dlsym and called through libffi by the signature the
 * plugin declared for it (`declare_role`). A role takes the first N of its parameters, in order, as
 * its declaration says (a role may take only what it needs). The roles, each with all its parameters
 * in the signature grammar of `declare_role` (what each is for: `scene-host interface --format json`,
 * "roles"):
 *
 *   <Scene>Interactor_create                     pointer(pointer scene)
 *   <Scene>Interactor_destroy                    void(pointer store)
 *   <Scene>DataStore_acceptInput                 void(pointer store)
 *   <Scene>DataStore_acceptResult                void(pointer store)
 *   <Scene>Router_produceResult                  int32(pointer store, pointer result)
 *   <Scene>ViewController_viewDidLoad            void(pointer store)
 *   <Scene>ViewController_viewWillAppear         void(pointer store)
 *   <Scene>ViewController_render                 void(pointer store, pointer screen)
 *   <Scene>ViewController_handleEdit             void(pointer store, string field, string text)
 *   <Scene>ViewController_handleTap              void(pointer store, string button)
 *   <Scene>ViewController_handleSelect           void(pointer store, string list, int64 row)
 *   <Scene>ViewController_handleSet              void(pointer store, string toggle, bool is_on)
 *   <Scene>ViewController_handleChoose           void(pointer store, string choice, int64 option)
 *   <Scene>Router_routeTo<Destination>WithSegue  void(pointer store, string segue)
 *
 * DataStore_acceptInput and DataStore_acceptResult take one more parameter per field of the declared
 * type, in order, after `store`. The field types (in the fields of `declare_input`, the results and
 * `declare_route`), the C type a role receives each as, its word in a signature, and the setter of a
 * payload's field of that type (bool is C's _Bool, from <stdbool.h>):
 *
 *   String   const char *  string  payload_set_string
 *   Int      int64_t       int64   payload_set_int
 *   Double   double        double  payload_set_double
 *   Bool     bool          bool    payload_set_bool
 *   String?  const char *  string  payload_set_string
 *
 * Memory. Every string the host passes is valid until the call returns: copy what you keep. Every
 * string you pass is copied before the call returns; it must be UTF-8, NUL-terminated and at most
 * SCENE_HOST_MAXIMUM_TEXT bytes. A payload from `payload_create` lives until the role that made it
 * returns, or until you pass it to `route` (which takes it, even when it refuses) or `payload_destroy`.
 * `<Scene>Interactor_destroy` runs outside any role: it frees the state and calls no host function.
 *
 * Threads. Call the host only from the thread that called your role, while that call runs
 * (registration: inside `register_scenes`). Any other call is refused with SCENE_HOST_REFUSED.
 *
 * Errors. A call the host refuses returns SCENE_HOST_REFUSED and fails the role that made it: the
 * user sees the host's message, which names the plugin, the scene, the role and the argument.
 * `fail` fails the role with your own message. A role that has failed navigates nowhere after it
 * (`route` and `route_back` are refused); what it routed before stays, as with a Swift scene's error.
 * A call from another thread, or outside any role, is refused and fails nothing: there is no role.
 */
#ifndef SCENE_HOST_H
#define SCENE_HOST_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "SCNC": tells a scene-host C plugin from any other data. */
#define SCENE_HOST_C_MAGIC 0x434E4353u
/* The version of this interface. The host loads a plugin built against exactly its own. */
#define SCENE_HOST_C_INTERFACE_VERSION 1u
/* The longest string, in bytes without its NUL, the host takes from a plugin. */
#define SCENE_HOST_MAXIMUM_TEXT 65536
/* What the host's functions return when they did what was asked. */
#define SCENE_HOST_OK 0
/* What the host's functions return when they refused: the role that called them fails. */
#define SCENE_HOST_REFUSED 1
/* Makes a symbol visible to the host (build with -fvisibility=hidden to hide the rest). */
#define SCENE_HOST_EXPORT __attribute__((visibility("default")))

/* A registration in progress (`register_scenes`). */
typedef struct scene_host_registration scene_host_registration;
/* One shown scene, given to `<Scene>Interactor_create`: keep it to route from the scene. */
typedef struct scene_host_scene scene_host_scene;
/* The screen `<Scene>ViewController_render` fills. */
typedef struct scene_host_screen scene_host_screen;
/* A value passed to another scene, or a result handed back. */
typedef struct scene_host_payload scene_host_payload;

/* The host's functions, passed to `register_scenes`: keep the pointer, it lives for the process. */
typedef struct scene_host_api {
    /* SCENE_HOST_C_INTERFACE_VERSION of the host. */
    uint32_t interface_version;
    /* sizeof(scene_host_api) in the host. */
    uint32_t size;

    /* Registration (inside register_scenes only). */

    /* Declares the scene `scene`, unique across every loaded plugin. */
    int32_t (*declare_scene)(scene_host_registration *registration, const char *scene);
    /* Declares the input the scene's DataStore accepts: a type name and its fields, written
       "name: String, count: Int, price: Double, paid: Bool, note: String?". */
    int32_t (*declare_input)(scene_host_registration *registration, const char *scene, const char *type_name,
                             const char *fields);
    /* Declares the result the scene takes back when a scene above it returns (fields as above). */
    int32_t (*declare_accepted_result)(scene_host_registration *registration, const char *scene, const char *type_name,
                                       const char *fields);
    /* Declares the result the scene hands back when it leaves (fields as above). */
    int32_t (*declare_returned_result)(scene_host_registration *registration, const char *scene, const char *type_name,
                                       const char *fields);
    /* Declares a route from `scene` to `destination`, shown in `style` ("push", "present", "replace";
       NULL: push), passing `payload_type` with `payload_fields` (both NULL: nothing). */
    int32_t (*declare_route)(scene_host_registration *registration, const char *scene, const char *destination,
                             const char *style, const char *payload_type, const char *payload_fields);
    /* Declares that the library exports the role `role` of `scene` (the function `<scene><role>`)
       with the C signature `signature`, e.g. "void(pointer, pointer)". */
    int32_t (*declare_role)(scene_host_registration *registration, const char *scene, const char *role,
                            const char *signature);

    /* Screens (inside <Scene>ViewController_render only). Ids are unique within a screen. */

    /* The screen's title. */
    int32_t (*set_title)(scene_host_screen *screen, const char *title);
    /* Read-only text. */
    int32_t (*add_label)(scene_host_screen *screen, const char *id, const char *text);
    /* A message the user must notice at once. */
    int32_t (*add_alert)(scene_host_screen *screen, const char *id, const char *text);
    /* Editable text on one line; `label` and `problem` may be "" (none). */
    int32_t (*add_text_field)(scene_host_screen *screen, const char *id, const char *placeholder, const char *text,
                              const char *label, const char *problem);
    /* Editable text of several lines. */
    int32_t (*add_text_area)(scene_host_screen *screen, const char *id, const char *label, const char *text,
                             const char *problem);
    /* A secret the user types: the screen holds only whether one was typed. */
    int32_t (*add_secure_field)(scene_host_screen *screen, const char *id, const char *label, int32_t is_filled,
                                const char *problem);
    /* An on/off switch. */
    int32_t (*add_toggle)(scene_host_screen *screen, const char *id, const char *title, int32_t is_on);
    /* One of `count` options, `selected` by index (-1: none). */
    int32_t (*add_choice)(scene_host_screen *screen, const char *id, const char *label, const char *const *options,
                          int32_t count, int32_t selected);
    /* A button: a tap sends <Scene>ViewController_handleTap, or performs the segue of this id. */
    int32_t (*add_button)(scene_host_screen *screen, const char *id, const char *title);
    /* `count` rows, each a title and a detail line (`details` may be NULL: none). */
    int32_t (*add_list)(scene_host_screen *screen, const char *id, const char *const *titles,
                        const char *const *details, int32_t count);
    /* How far work has come, from 0 to 1; a negative value: not known. */
    int32_t (*add_progress)(scene_host_screen *screen, const char *id, const char *label, double value);
    /* Starts a titled section: what is added until `end_section` is in it. */
    int32_t (*begin_section)(scene_host_screen *screen, const char *id, const char *title);
    /* Ends the section begun last. */
    int32_t (*end_section)(scene_host_screen *screen);

    /* Payloads. */

    /* A new, empty payload of the type `type_name`; NULL when refused. */
    scene_host_payload *(*payload_create)(const char *type_name);
    /* Sets the String or String? field `field`; `value` NULL is nil (for a String? field). */
    int32_t (*payload_set_string)(scene_host_payload *payload, const char *field, const char *value);
    /* Sets the Int field `field`. */
    int32_t (*payload_set_int)(scene_host_payload *payload, const char *field, int64_t value);
    /* Sets the Double field `field`; `value` must be finite. */
    int32_t (*payload_set_double)(scene_host_payload *payload, const char *field, double value);
    /* Sets the Bool field `field`: 0 is false, any other value true. */
    int32_t (*payload_set_bool)(scene_host_payload *payload, const char *field, int32_t value);
    /* Frees a payload you did not pass to `route`. */
    void (*payload_destroy)(scene_host_payload *payload);

    /* Navigation (inside a ViewController or Router role). */

    /* Routes to `destination`, which the scene declared a route to, passing `payload` (NULL: none),
       which `route` takes. Inside <Scene>Router_routeTo<Destination>WithSegue it passes the payload
       to the segue's destination instead. */
    int32_t (*route)(scene_host_scene *scene, const char *destination, scene_host_payload *payload);
    /* Leaves the scene, as the user's Back does: its returned result, if any, goes to the scene below. */
    int32_t (*route_back)(scene_host_scene *scene);

    /* Errors. */

    /* Fails the role that is running with `message`, shown to the user. */
    int32_t (*fail)(scene_host_scene *scene, const char *message);
} scene_host_api;

/* The handshake: export one, named `scene_host_plugin`. */
typedef struct scene_host_plugin_descriptor {
    /* SCENE_HOST_C_MAGIC. */
    uint32_t magic;
    /* SCENE_HOST_C_INTERFACE_VERSION, as the plugin was built. */
    uint32_t interface_version;
    /* The plugin's name, shown in messages and `scene-host list`. */
    const char *name;
    /* The plugin's version, shown beside its name. */
    const char *version;
    /* Declares the plugin's scenes; SCENE_HOST_OK, or anything else to refuse to load. */
    int32_t (*register_scenes)(const scene_host_api *api, scene_host_registration *registration);
} scene_host_plugin_descriptor;

#ifdef __cplusplus
}
#endif

#endif
