#ifndef SCENE_HOST_CRASH_REPORT_H
#define SCENE_HOST_CRASH_REPORT_H

/* The scene worker's crash report (docs/security.md, "Scene workers"; docs/decisions.md, "Faults blamed where
 * they belong"): which plugin's code was on the stack of the thread that crashed.
 *
 * At load time the worker notes each plugin library's executable segments (`note_library`, after
 * `dlopen`, before the plugin's entry point runs). On SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT or
 * SIGTRAP the handler (on an alternate stack, async-signal-safe: no allocation, no lock, no Swift)
 * looks at the faulting thread: its program counter, then the words of the stack the frame chain
 * skips (code without frame pointers, such as the C library's), then the frame chain itself; the
 * first address inside a noted plugin's code names the plugin. It writes one fixed-size record
 * with a single write(2) to the descriptor given at install, restores the default action and raises
 * the signal again, so the worker still dies of it. */

#include <stdint.h>

#define SCENE_HOST_CRASH_RECORD_SIZE 256
#define SCENE_HOST_CRASH_NAME_MAX 232
/* "SHCR", little-endian. */
#define SCENE_HOST_CRASH_MAGIC 0x52434853u
#define SCENE_HOST_CRASH_VERSION 1u
/* The record's plugin when no frame of the thread was in a plugin's code. */
#define SCENE_HOST_CRASH_NO_PLUGIN 0xFFFFFFFFu

/* The record, as written (little-endian on every architecture the worker runs on). */
struct scene_host_crash_record {
    uint32_t magic;
    uint32_t version;
    int32_t signal;
    /* siginfo's si_code: > 0 a fault the kernel raised, <= 0 a signal sent (abort, kill). */
    int32_t code;
    /* The plugin's index in the worker's table (order of loading), or SCENE_HOST_CRASH_NO_PLUGIN. */
    uint32_t plugin;
    /* How many bytes of `name` are the plugin's config name (0 with no plugin). */
    uint32_t name_length;
    char name[SCENE_HOST_CRASH_NAME_MAX];
};

/* Installs the handler for the six crash signals, with an alternate stack for the calling thread,
 * writing its record to `report_fd`. Returns 0, or -1 with errno set. */
int scene_host_crash_install(int report_fd);

/* Notes the executable segments of the library `handle` (from dlopen) as the code of the plugin
 * configured as `name` (cut to SCENE_HOST_CRASH_NAME_MAX bytes). Returns the plugin's index, or -1
 * when the table is full or the library is not found among the loaded ones. Not for a signal handler. */
int scene_host_crash_note_library(void *handle, const char *name);

/* Zeroes the stack just below the caller's frame. A thread about to wait in code without frame
 * pointers (a system call wrapper) calls it first: the crash handler scans the words of such code
 * for return addresses, and stale ones left there by plugin code run earlier would blame a plugin
 * for a crash that found the thread idle in host code. */
void scene_host_crash_clear_stack_below(void);

/* The index of the plugin whose noted code holds `address`, or -1 (for tests). */
int scene_host_crash_plugin_at(uintptr_t address);

#endif
