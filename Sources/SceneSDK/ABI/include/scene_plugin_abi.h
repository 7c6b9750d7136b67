#ifndef SCENE_PLUGIN_ABI_H
#define SCENE_PLUGIN_ABI_H

#include <stdint.h>

/* The plugin boundary of scene-host.
 *
 * A plugin exports one C symbol, `scene_plugin_entry`, returning a pointer to a
 * `scene_plugin_descriptor`. The host reads and checks every field below before it calls any
 * Swift code of the plugin, so this layout is frozen for a given SCENE_PLUGIN_ABI_VERSION:
 * a change of layout or of the meaning of a field must bump it.
 */

/* "SCNP": tells a descriptor from a random pointer. */
#define SCENE_PLUGIN_MAGIC 0x504E4353u

/* The plugin ABI and SDK version below are written again in Swift, in `CompiledSDK`
   (Plugin/PluginExport.swift), which plugins inline: change both (a host test compares them).

   Bumped whenever this struct or the calling convention of `register_plugin` changes.
   2: `sdk_fingerprint` added at the end (the fields before it are those of version 1). */
#define SCENE_PLUGIN_ABI_VERSION 2u

/* The SDK release the plugin was compiled against (semantic version). Informative: the host
   requires the exact SDK build, `sdk_fingerprint`. */
#define SCENE_SDK_VERSION_MAJOR 0u
#define SCENE_SDK_VERSION_MINOR 1u
#define SCENE_SDK_VERSION_PATCH 0u

/* Status codes returned by `register_plugin`. */
#define SCENE_PLUGIN_REGISTER_OK 0
#define SCENE_PLUGIN_REGISTER_FAILED 1
#define SCENE_PLUGIN_REGISTER_BAD_ARGUMENT 2

typedef struct scene_plugin_descriptor {
    uint32_t magic;              /* SCENE_PLUGIN_MAGIC */
    uint32_t abi_version;        /* SCENE_PLUGIN_ABI_VERSION the plugin was built with */
    uint32_t sdk_version_major;
    uint32_t sdk_version_minor;
    uint32_t sdk_version_patch;
    uint32_t reserved;
    const char *swift_version;   /* compiler that built the plugin, e.g. "6.3.1" */
    const char *plugin_name;
    const char *plugin_version;
    /* Opaque to C: the plugin's Swift type, read by `register_plugin` only. */
    const void *plugin_type;
    /* Registers the plugin's scenes into `registration` (an opaque host object).
       Returns one of the SCENE_PLUGIN_REGISTER_* codes. */
    int32_t (*register_plugin)(const struct scene_plugin_descriptor *descriptor, void *registration);
    /* The SceneSDK build the plugin was compiled against: 64 hex digits, the SHA-256 of the SDK's
       sources (`sceneSDKFingerprint()`). The SDK is built without library evolution and plugins
       inline its code, so the host loads a plugin only when this equals its own SDK's. */
    const char *sdk_fingerprint;
} scene_plugin_descriptor;

/* The type of `scene_plugin_entry`. */
typedef const scene_plugin_descriptor *(*scene_plugin_entry_fn)(void);

#endif
