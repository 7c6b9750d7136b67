#include "crashing_destructor.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Runs when the library is unloaded or the process exits. SCENE_PLUGIN_FIXTURE_AT_EXIT says how it
// fails: unset or "destructor", a write through a null pointer (SIGSEGV); "atexit", a handler
// registered at load that does the same; "ldso", what ld.so does when it asserts at exit (its
// message on standard error, exit status 127); "hang", it never returns.

static void crash(void) {
    volatile int *nowhere = (volatile int *)0;
    *nowhere = 1;
}

__attribute__((constructor)) static void register_handler(void) {
    const char *mode = getenv("SCENE_PLUGIN_FIXTURE_AT_EXIT");
    if (mode != NULL && strcmp(mode, "atexit") == 0) atexit(crash);
}

__attribute__((destructor)) static void unload(void) {
    const char *mode = getenv("SCENE_PLUGIN_FIXTURE_AT_EXIT");
    if (mode == NULL || strcmp(mode, "destructor") == 0) {
        crash();
    } else if (strcmp(mode, "ldso") == 0) {
        static const char message[] = "Inconsistency detected by ld.so: dl-fini.c: 87: _dl_fini: Assertion `ns != LM_ID_BASE || i == nloaded' failed!\n";
        (void)write(2, message, sizeof message - 1);
        _exit(127);
    } else if (strcmp(mode, "hang") == 0) {
        for (;;) pause();
    }
}
