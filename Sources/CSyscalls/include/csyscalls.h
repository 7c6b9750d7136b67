#ifndef SCENE_HOST_CSYSCALLS_H
#define SCENE_HOST_CSYSCALLS_H

/* Linux system calls the host needs that Swift cannot reach through Glibc: glibc's `syscall` is
 * variadic (Swift imports no variadic C function), and glibc's own `pidfd_open` wrapper is
 * neither in every glibc nor in Swift's Glibc module. */

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
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


/* Makes `signal` (SIGTERM, SIGINT) first call `kill_groups` (which kills the running probes'
   process groups), then do what it did before: call the handler that was installed (the one a
   service lifecycle's signal source set up, so a server still drains), ignore it, or end the
   process as the signal's default action would. Install once per signal; the handler before it
   is kept for the process's life. 0, or -1 with errno set. */
int scene_host_install_ending_handler(int signal, void (*kill_groups)(void));

/* How many processors this process may run on: its affinity mask (which `taskset` and a
   container's cpuset narrow), or the online processors when the mask cannot be read; at least 1.
   A C function because `sched_getaffinity` and `CPU_COUNT` need _GNU_SOURCE, which Swift's Glibc
   module does not set. */
int scene_host_processor_count(void);

/* The seccomp-bpf filters of a process that runs plugin code (a scene worker, a probe child). */
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>

#define SCENE_HOST_DENY (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))

/* The audit architecture the filters check every call against, or 0 on one they do not know. */
static inline unsigned int scene_host_audit_arch(void) {
#if defined(__x86_64__)
    return AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
    return AUDIT_ARCH_AARCH64;
#else
    return 0;
#endif
}

/* The allowlist filter (sandbox_filter.c): the calls of `scene_host_allowed_call`, signals only
 * to `self`, its threads and its group, resource limits only its own, no terminal request that
 * pushes input or takes a terminal, `socket` only with `allow_network`; everything else fails
 * with ENOSYS. Needs PR_SET_NO_NEW_PRIVS set first. Returns 0, or -1 with errno. */
int scene_host_install_allowlist(pid_t self, int allow_network);
/* The calls the allowlist passes whatever their arguments: how many, and the number and name of
 * the one at `index` (-1 past the end). */
int scene_host_allowed_call_count(void);
int scene_host_allowed_call(int index, const char **name);
/* The terminal requests (ioctl numbers) it refuses on any descriptor. */
int scene_host_refused_ioctl_count(void);
unsigned int scene_host_refused_ioctl(int index);

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


/* The second seccomp-bpf filter of a process that runs plugin code: no new processes, no internet
 * sockets and no way out of its process group, unless the app grants `start-processes` or
 * `network` to a plugin (the worker's filter is one for all its plugins). `fork`, `vfork`,
 * `execve`/`execveat` (replacing the worker with another program), `setsid`, `setpgid`,
 * `unshare`, `setns` and `memfd_create` (memory that counts against no address-space limit) raise
 * SIGSYS (SECCOMP_RET_TRAP): the handler `scene_host_sigsys` makes the call fail with EPERM and
 * says on standard error which permission it needed. `clone` without CLONE_THREAD (how glibc's
 * fork, posix_spawn and system start a process; threads stay allowed) fails with EPERM directly,
 * and so does `io_uring_setup` (io_uring makes calls seccomp does not see). `socket` for AF_INET,
 * AF_INET6 or AF_PACKET traps like the others unless `allow_network`. `clone3` fails with ENOSYS: its flags are behind a pointer seccomp cannot read, and
 * glibc then creates threads with `clone`. `memfd_create`, `setsid` and `setpgid` are refused
 * even with `allow_processes`: a granted plugin's children stay in the worker's process group
 * (and cgroup), so they end with it. Returns 0, or -1 with errno. */
#include <signal.h>
#include <string.h>
#include <ucontext.h>

#define SCENE_HOST_TRAP SECCOMP_RET_TRAP
#define SCENE_HOST_ENOSYS (SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA))
#ifndef CLONE_THREAD
#define CLONE_THREAD 0x00010000
#endif

static inline void scene_host_say(const char *text) {
    ssize_t ignored = write(2, text, strlen(text));
    (void)ignored;
}

/* The SIGSYS handler: async-signal-safe (writes and a register), on whatever stack the thread has. */
static void scene_host_sigsys(int signal, siginfo_t *info, void *context) {
    (void)signal;
    ucontext_t *state = (ucontext_t *)context;
    const int call = info->si_syscall;
    const char *what = "a system call the sandbox refuses";
#ifdef __NR_fork
    if (call == __NR_fork) what = "fork, which starts a process";
#endif
#ifdef __NR_vfork
    if (call == __NR_vfork) what = "vfork, which starts a process";
#endif
    if (call == __NR_execve || call == __NR_execveat) what = "execve, which runs another program";
    if (call == __NR_setsid || call == __NR_setpgid) what = "setsid or setpgid, which leaves the worker's process group";
    if (call == __NR_unshare || call == __NR_setns) what = "unshare or setns, which changes namespaces";
    const char *permission = "start-processes";
    if (call == __NR_socket) {
        what = "socket for an internet address (AF_INET, AF_INET6, AF_PACKET), which reaches the network";
        permission = "network";
    }
    if (call == __NR_memfd_create) {
        scene_host_say("scene-host-worker: plugin code called memfd_create: refused (EPERM) to every plugin, since memory in a memfd counts against no address-space limit\n");
    } else if (call == __NR_setsid || call == __NR_setpgid) {
        scene_host_say("scene-host-worker: plugin code called setsid or setpgid: refused (EPERM) to every plugin, so that everything a plugin starts ends with its worker\n");
    } else {
        scene_host_say("scene-host-worker: plugin code called ");
        scene_host_say(what);
        scene_host_say(": refused (EPERM) without the permission '");
        scene_host_say(permission);
        scene_host_say("'. A plugin that needs it declares it (ScenePlugin.permissions), and the config grants it: grant = [\"");
        scene_host_say(permission);
        scene_host_say("\"] in the plugin's [plugins.NAME] table\n");
    }
#if defined(__x86_64__)
    state->uc_mcontext.gregs[13 /* REG_RAX, named only under _GNU_SOURCE */] = -EPERM;
#elif defined(__aarch64__)
    state->uc_mcontext.regs[0] = (unsigned long long)(-EPERM);
#endif
}

static inline int scene_host_install_process_ban(int allow_processes, int allow_network) {
    const unsigned int arch = scene_host_audit_arch();
    if (arch == 0) {
        errno = ENOSYS;
        return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = scene_host_sigsys;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGSYS, &action, NULL) != 0) return -1;
    struct sock_filter filter[64];
    unsigned short count = 0;
#define SH_PUT(instruction) (filter[count++] = (struct sock_filter)instruction)
    /* Each refusal is two instructions (compare; on a match the next one answers), so blocks stand alone. */
#define SH_REFUSE(nr, answer) do { SH_PUT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1)); SH_PUT(BPF_STMT(BPF_RET | BPF_K, (answer))); } while (0)
    SH_PUT(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
    SH_PUT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 1, 0));
    SH_PUT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    SH_PUT(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
    SH_REFUSE(__NR_memfd_create, SCENE_HOST_TRAP);
    /* Everything a plugin starts stays in the worker's group (and cgroup), so it ends with it. */
    SH_REFUSE(__NR_setsid, SCENE_HOST_TRAP);
    SH_REFUSE(__NR_setpgid, SCENE_HOST_TRAP);
    /* io_uring performs system calls seccomp never sees (sockets, among others). */
    SH_REFUSE(425 /* io_uring_setup */, SCENE_HOST_DENY);
    if (!allow_processes) {
#ifdef __NR_fork
        SH_REFUSE(__NR_fork, SCENE_HOST_TRAP);
#endif
#ifdef __NR_vfork
        SH_REFUSE(__NR_vfork, SCENE_HOST_TRAP);
#endif
        SH_REFUSE(435 /* clone3 */, SCENE_HOST_ENOSYS);
        SH_REFUSE(__NR_execve, SCENE_HOST_TRAP);
        SH_REFUSE(__NR_execveat, SCENE_HOST_TRAP);
        SH_REFUSE(__NR_unshare, SCENE_HOST_TRAP);
        SH_REFUSE(__NR_setns, SCENE_HOST_TRAP);
    }
    if (!allow_network) {
        /* socket(AF_INET | AF_INET6 | AF_PACKET, ...): the first argument is the domain. */
        SH_PUT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 6));
        SH_PUT(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])));
        SH_PUT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 2 /* AF_INET */, 3, 0));
        SH_PUT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 10 /* AF_INET6 */, 2, 0));
        SH_PUT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 17 /* AF_PACKET */, 1, 0));
        SH_PUT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
        SH_PUT(BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_TRAP));
    }
    if (!allow_processes) {
        /* clone: a thread (CLONE_THREAD) passes; anything else is a new process, refused with EPERM
           and no line: posix_spawn and system block every signal around their clone, and a
           blocked SIGSYS would end the worker instead of reaching the handler. */
        SH_PUT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4));
        SH_PUT(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])));
        SH_PUT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1));
        SH_PUT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
        SH_PUT(BPF_STMT(BPF_RET | BPF_K, SCENE_HOST_DENY));
    }
    SH_PUT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
#undef SH_REFUSE
#undef SH_PUT
    struct sock_fprog program = { .len = count, .filter = filter };
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0);
}

/* Landlock (Linux 5.13+): which files a process may open, set by the process for itself and
   every child, never widened again. Declared here, not from <linux/landlock.h>, so older kernel
   headers build too; the numbers are the same on every architecture. */
#ifndef O_PATH
#define O_PATH 010000000 /* <fcntl.h> declares it only with _GNU_SOURCE */
#endif
#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

struct scene_host_landlock_ruleset_attr {
    unsigned long long handled_access_fs;
    unsigned long long handled_access_net;
    unsigned long long scoped;
};

struct scene_host_landlock_path_beneath_attr {
    unsigned long long allowed_access;
    int parent_fd;
} __attribute__((packed));

/* The Landlock ABI the kernel offers (1 or more); 0 with errno set where it offers none
   (ENOSYS: not built in; EOPNOTSUPP: built in, not enabled at boot). */
static inline int scene_host_landlock_abi(void) {
    long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, 1UL /* LANDLOCK_CREATE_RULESET_VERSION */);
    return abi < 0 ? 0 : (int)abi;
}

/* The rights to files of `abi`: every one the kernel knows is handled, so none is left open. */
static inline unsigned long long scene_host_landlock_fs_rights(int abi) {
    unsigned long long rights = (1ULL << 13) - 1; /* EXECUTE .. MAKE_SYM (ABI 1) */
    if (abi >= 2) rights |= 1ULL << 13;           /* REFER */
    if (abi >= 3) rights |= 1ULL << 14;           /* TRUNCATE */
    if (abi >= 5) rights |= 1ULL << 15;           /* IOCTL_DEV */
    return rights;
}

/* A ruleset that handles every right to files of `abi` and, from ABI 6, scopes signals and
   abstract UNIX sockets to the process's own Landlock domain; its descriptor, or -1. */
static inline int scene_host_landlock_ruleset(int abi) {
    struct scene_host_landlock_ruleset_attr attr = { scene_host_landlock_fs_rights(abi), 0, 0 };
    size_t size = sizeof(unsigned long long);
    if (abi >= 6) {
        attr.scoped = 1ULL /* ABSTRACT_UNIX_SOCKET */ | 2ULL /* SIGNAL */;
        size = sizeof attr;
    }
    return (int)syscall(__NR_landlock_create_ruleset, &attr, size, 0UL);
}

/* Allows `rights` on `path` (beneath it when it is a folder; only the rights to files when it
   is not); 0, or -1 with errno (ENOENT when it does not exist). */
static inline int scene_host_landlock_allow(int ruleset, const char *path, unsigned long long rights, int abi) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat info;
    if (fstat(fd, &info) != 0) { int saved = errno; close(fd); errno = saved; return -1; }
    rights &= scene_host_landlock_fs_rights(abi);
    if (!S_ISDIR(info.st_mode)) {
        rights &= (1ULL << 0) | (1ULL << 1) | (1ULL << 2) | (1ULL << 14) | (1ULL << 15);
    }
    struct scene_host_landlock_path_beneath_attr rule = { rights, fd };
    long added = rights == 0 ? 0 : syscall(__NR_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0);
    int saved = errno;
    close(fd);
    errno = saved;
    return added < 0 ? -1 : 0;
}

/* Enforces `ruleset` on this process and every process it starts from now on, and closes it. */
static inline int scene_host_landlock_restrict(int ruleset) {
    long done = syscall(__NR_landlock_restrict_self, ruleset, 0);
    int saved = errno;
    close(ruleset);
    errno = saved;
    return done < 0 ? -1 : 0;
}

/* libdispatch's run-loop interface, as swift-corelibs-foundation's CFRunLoop drives the main queue
   on Linux: the main queue's wake-up handle (an eventfd, written each time work is put on the main
   queue once this was asked for) and the call that runs what is on it. Declared here because
   Dispatch's Swift overlay does not export them. A scene worker waits on its channel and this
   handle in one `poll` on the main thread (SceneHostWorkers/WorkerMainThread.swift). */
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

#endif
