#define _GNU_SOURCE
#include <sched.h>
/* SwiftPM needs one source file per C target; the calls are static inline in the header. */
#include "csyscalls.h"

int scene_host_processor_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}
