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


/* The seccomp-bpf filter of a process that runs plugin code (a scene worker, a probe child), so
 * that code cannot reach the host or another process: `ptrace`, `process_vm_readv`/`writev`,
 * `pidfd_getfd` and `pidfd_send_signal` fail with EPERM, and a signal may go only to the process
 * itself (`self`), its own process group (0, or -`self`: it leads its group) or its own threads.
 * Everything else is allowed. Needs PR_SET_NO_NEW_PRIVS set first. Returns 0, or -1 with errno
 * (ENOSYS on an architecture the filter does not know). */
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>

#define SCENE_HOST_DENY (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))

static inline int scene_host_install_sandbox(pid_t self) {
#if defined(__x86_64__)
    const unsigned int arch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
    const unsigned int arch = AUDIT_ARCH_AARCH64;
#else
    errno = ENOSYS;
    return -1;
#endif
    const unsigned int me = (unsigned int)self, group = (unsigned int)(-self);
    /* Signal calls whose first argument names a process: allowed only for these values of it. */
#define SH_PID_ARG BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]))
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        /* The x32 numbering of the same calls (x86-64 only; no such number on aarch64): refused. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_writev, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 438 /* pidfd_getfd */, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 424 /* pidfd_send_signal */, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY),
        /* kill(pid): 0 (own group), self, -self (own group by its id). */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, 0, 5),
        SH_PID_ARG,
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, me, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, group, 0, 8),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo (first argument the thread group), tkill (a thread
           id: the main thread's is self): only into this process. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_sigqueueinfo, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_tgsigqueueinfo, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tkill, 0, 4),
        SH_PID_ARG,
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, me, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
#undef SH_PID_ARG
    struct sock_fprog program = { .len = (unsigned short)(sizeof(filter) / sizeof(filter[0])), .filter = filter };
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0);
}

/* Drops every capability of this process (effective, permitted, inheritable; the ambient set goes
 * with them): a worker started by root keeps uid 0 but no power over other users' processes and
 * files, and none to open a non-dumpable process's memory. With PR_SET_NO_NEW_PRIVS no exec gives
 * them back. Returns 0, or -1 with errno. */
#include <linux/capability.h>
static inline int scene_host_drop_capabilities(void) {
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
    return (int)syscall(SYS_capset, &header, data);
}

/* PR_SET_DUMPABLE: 0 keeps every process of the same user (plugin code in a worker included) from
 * ptrace-attaching to this one or opening its /proc/PID/mem, maps or fd. Returns 0, or -1 with errno. */
static inline int scene_host_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0);
}

#endif
