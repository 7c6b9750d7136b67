#ifndef SCENE_HOST_CSYSCALLS_H
#define SCENE_HOST_CSYSCALLS_H

/* Linux system calls the host needs that Swift cannot reach through Glibc: glibc's `syscall` is
 * variadic (Swift imports no variadic C function), and glibc's own `pidfd_open` wrapper is
 * neither in every glibc nor in Swift's Glibc module. */

#include <errno.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/* A pidfd for `pid` (close-on-exec), readable once the process has ended; -1 with errno set.
   ENOSYS where the kernel (before Linux 5.3) or the C library's headers know no pidfd_open. */
static inline int scene_host_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#endif
