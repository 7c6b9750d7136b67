#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "worker_shim.h"

int scene_host_worker_shim_linked(void) { return 1; }

/* `/proc/<digits>/stat` as `/proc/self/task/<digits>/stat` in `out` when that thread is this
 * process's; 0 when `path` is anything else. */
static int own_thread_stat(const char *path, char *out, size_t size) {
    if (strncmp(path, "/proc/", 6) != 0) return 0;
    const char *digits = path + 6;
    size_t count = 0;
    while (digits[count] >= '0' && digits[count] <= '9') count++;
    if (count == 0 || count > 10 || strcmp(digits + count, "/stat") != 0) return 0;
    int written = snprintf(out, size, "/proc/self/task/%.*s/stat", (int)count, digits);
    if (written <= 0 || (size_t)written >= size) return 0;
    struct stat info;
    return stat(out, &info) == 0;
}

int open(const char *path, int flags, ...) {
    mode_t mode = 0;
    if ((flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE) {
        va_list arguments;
        va_start(arguments, flags);
        mode = (mode_t)va_arg(arguments, int);
        va_end(arguments);
    }
    char own[48];
    const char *target = own_thread_stat(path, own, sizeof own) ? own : path;
    return (int)syscall(SYS_openat, AT_FDCWD, target, flags, mode);
}
