#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <string.h>
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

/* Written once per signal by `scene_host_install_ending_handler`, before its handler can run; read
   only by the handler afterwards. */
static void (*ending_kill_groups)(void);
static struct sigaction ending_previous[_NSIG];

static void ending_handler(int number, siginfo_t *info, void *context) {
    if (ending_kill_groups) ending_kill_groups();
    const struct sigaction *before = &ending_previous[number];
    if (before->sa_flags & SA_SIGINFO) {
        if (before->sa_sigaction) {
            before->sa_sigaction(number, info, context);
            return;
        }
    } else if (before->sa_handler == SIG_IGN) {
        return;
    } else if (before->sa_handler != SIG_DFL && before->sa_handler != NULL) {
        before->sa_handler(number);
        return;
    }
    // Delivered with the default action as soon as the handler returns (it is blocked until then).
    signal(number, SIG_DFL);
    raise(number);
}

int scene_host_install_ending_handler(int number, void (*kill_groups)(void)) {
    if (number <= 0 || number >= _NSIG) {
        errno = EINVAL;
        return -1;
    }
    ending_kill_groups = kill_groups;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = ending_handler;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, number);
    return sigaction(number, &action, &ending_previous[number]);
}
