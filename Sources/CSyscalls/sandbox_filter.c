/* The allowlist seccomp-bpf filter of a process that runs plugin code: the one source of the list
 * (docs/security.md's sandbox table and allowlist are checked against `scene_host_allowed_call`, and a
 * test walks the whole system call table from plugin code in a real worker against it). */
#include "csyscalls.h"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/socket.h>

/* Calls newer than some C libraries' headers; the numbers are fixed by the kernel. */
#if defined(__x86_64__)
#ifndef __NR_fchmodat2
#define __NR_fchmodat2 452
#endif
#ifndef __NR_map_shadow_stack
#define __NR_map_shadow_stack 453
#endif
#ifndef __NR_mseal
#define __NR_mseal 462
#endif
#endif
#ifndef __NR_futex_wake
#define __NR_futex_wake 454
#define __NR_futex_wait 455
#define __NR_futex_requeue 456
#endif

#define SH_CALL(name) { __NR_##name, #name }

/* Allowed whatever their arguments: what the Swift runtime, Foundation, Dispatch, glibc, SQLite,
 * libffi and the SDK use, and nothing that reaches another process, the kernel's shared objects
 * (SysV IPC, keyrings, message queues), a namespace, a mount, a module, the clock, BPF or
 * performance counters. New processes (`clone` without CLONE_THREAD, fork, vfork, execve) pass
 * here and are refused by the second filter (`scene_host_install_process_ban`) unless the config
 * grants `start-processes`. Hot calls first: the filter compares in order. */
static const struct { int number; const char *name; } scene_host_allowed_calls[] = {
    SH_CALL(read), SH_CALL(write), SH_CALL(futex), SH_CALL(ppoll), SH_CALL(recvfrom), SH_CALL(sendto),
    SH_CALL(recvmsg), SH_CALL(sendmsg), SH_CALL(clock_gettime), SH_CALL(mmap), SH_CALL(munmap), SH_CALL(mprotect),
    SH_CALL(madvise), SH_CALL(brk), SH_CALL(mremap), SH_CALL(close), SH_CALL(openat), SH_CALL(fstat), SH_CALL(newfstatat),
    SH_CALL(statx), SH_CALL(lseek), SH_CALL(pread64), SH_CALL(pwrite64), SH_CALL(readv), SH_CALL(writev),
    SH_CALL(preadv), SH_CALL(pwritev), SH_CALL(preadv2), SH_CALL(pwritev2), SH_CALL(openat2), SH_CALL(close_range),
    SH_CALL(dup), SH_CALL(dup3), SH_CALL(fcntl), SH_CALL(flock), SH_CALL(fsync), SH_CALL(fdatasync),
    SH_CALL(sync_file_range), SH_CALL(ftruncate), SH_CALL(truncate), SH_CALL(fallocate), SH_CALL(fadvise64),
    SH_CALL(readahead), SH_CALL(statfs), SH_CALL(fstatfs), SH_CALL(faccessat), SH_CALL(faccessat2),
    SH_CALL(readlinkat), SH_CALL(getdents64), SH_CALL(getcwd), SH_CALL(chdir), SH_CALL(fchdir), SH_CALL(mkdirat),
    SH_CALL(unlinkat), SH_CALL(renameat), SH_CALL(renameat2), SH_CALL(linkat), SH_CALL(symlinkat), SH_CALL(fchmod),
    SH_CALL(fchmodat), SH_CALL(fchown), SH_CALL(fchownat), SH_CALL(umask), SH_CALL(utimensat), SH_CALL(getxattr),
    SH_CALL(lgetxattr), SH_CALL(fgetxattr), SH_CALL(listxattr), SH_CALL(llistxattr), SH_CALL(flistxattr),
    SH_CALL(sendfile), SH_CALL(copy_file_range), SH_CALL(splice), SH_CALL(tee), SH_CALL(pipe2), SH_CALL(msync),
    SH_CALL(mincore), SH_CALL(membarrier), SH_CALL(clone), SH_CALL(execve), SH_CALL(execveat), SH_CALL(exit),
    SH_CALL(exit_group), SH_CALL(wait4), SH_CALL(waitid), SH_CALL(getpid), SH_CALL(getppid), SH_CALL(gettid),
    SH_CALL(getuid), SH_CALL(geteuid), SH_CALL(getgid), SH_CALL(getegid), SH_CALL(getgroups), SH_CALL(getresuid),
    SH_CALL(getresgid), SH_CALL(getpgid), SH_CALL(getsid), SH_CALL(capget), SH_CALL(prctl), SH_CALL(set_tid_address),
    SH_CALL(set_robust_list), SH_CALL(get_robust_list), SH_CALL(rseq), SH_CALL(futex_waitv), SH_CALL(futex_wake),
    SH_CALL(futex_wait), SH_CALL(futex_requeue), SH_CALL(sched_yield), SH_CALL(sched_getaffinity),
    SH_CALL(sched_getparam), SH_CALL(sched_getscheduler), SH_CALL(sched_get_priority_max),
    SH_CALL(sched_get_priority_min), SH_CALL(getcpu), SH_CALL(getpriority), SH_CALL(nanosleep),
    SH_CALL(clock_nanosleep), SH_CALL(clock_getres), SH_CALL(gettimeofday), SH_CALL(times), SH_CALL(getrusage),
    SH_CALL(getrlimit), SH_CALL(setrlimit), SH_CALL(uname), SH_CALL(sysinfo), SH_CALL(getrandom),
    SH_CALL(restart_syscall), SH_CALL(rt_sigaction), SH_CALL(rt_sigprocmask), SH_CALL(rt_sigreturn),
    SH_CALL(rt_sigpending), SH_CALL(rt_sigsuspend), SH_CALL(rt_sigtimedwait), SH_CALL(sigaltstack),
    SH_CALL(setitimer), SH_CALL(getitimer), SH_CALL(timer_create), SH_CALL(timer_settime), SH_CALL(timer_gettime),
    SH_CALL(timer_getoverrun), SH_CALL(timer_delete), SH_CALL(timerfd_create), SH_CALL(timerfd_settime),
    SH_CALL(timerfd_gettime), SH_CALL(eventfd2), SH_CALL(signalfd4), SH_CALL(pselect6), SH_CALL(epoll_create1),
    SH_CALL(epoll_ctl), SH_CALL(epoll_pwait), SH_CALL(epoll_pwait2), SH_CALL(socketpair), SH_CALL(connect),
    SH_CALL(bind), SH_CALL(listen), SH_CALL(accept), SH_CALL(accept4), SH_CALL(sendmmsg), SH_CALL(recvmmsg),
    SH_CALL(shutdown), SH_CALL(getsockopt), SH_CALL(setsockopt), SH_CALL(getsockname), SH_CALL(getpeername),
    SH_CALL(seccomp), SH_CALL(landlock_create_ruleset), SH_CALL(landlock_add_rule), SH_CALL(landlock_restrict_self),
#if defined(__x86_64__)
    /* The older numbering x86-64 keeps beside the *at calls (aarch64 has only those). */
    SH_CALL(poll), SH_CALL(select), SH_CALL(open), SH_CALL(creat), SH_CALL(stat), SH_CALL(lstat), SH_CALL(dup2),
    SH_CALL(access), SH_CALL(readlink), SH_CALL(getdents), SH_CALL(mkdir), SH_CALL(rmdir), SH_CALL(unlink),
    SH_CALL(rename), SH_CALL(link), SH_CALL(symlink), SH_CALL(chmod), SH_CALL(fchmodat2), SH_CALL(chown),
    SH_CALL(lchown), SH_CALL(utimes), SH_CALL(utime), SH_CALL(futimesat), SH_CALL(pipe), SH_CALL(mseal),
    SH_CALL(map_shadow_stack), SH_CALL(fork), SH_CALL(vfork), SH_CALL(getpgrp), SH_CALL(arch_prctl), SH_CALL(time),
    SH_CALL(pause), SH_CALL(alarm), SH_CALL(eventfd), SH_CALL(signalfd), SH_CALL(epoll_create), SH_CALL(epoll_wait),
#endif
};

int scene_host_allowed_call_count(void) {
    return (int)(sizeof(scene_host_allowed_calls) / sizeof(scene_host_allowed_calls[0]));
}

int scene_host_allowed_call(int index, const char **name) {
    if (index < 0 || index >= scene_host_allowed_call_count()) return -1;
    if (name) *name = scene_host_allowed_calls[index].name;
    return scene_host_allowed_calls[index].number;
}

/* Terminal requests refused on any descriptor: pushing input into a terminal (TIOCSTI), taking a
 * terminal or its foreground (TIOCSCTTY, TIOCSPGRP), redirecting the console (TIOCCONS), the Linux
 * console's own requests (TIOCLINUX) and changing its line discipline (TIOCSETD). A process that
 * runs plugin code has no terminal; this is the second layer. */
static const unsigned int scene_host_refused_ioctls[] = { 0x5412, 0x540E, 0x5410, 0x541D, 0x541C, 0x5423 };

int scene_host_refused_ioctl_count(void) {
    return (int)(sizeof(scene_host_refused_ioctls) / sizeof(scene_host_refused_ioctls[0]));
}

unsigned int scene_host_refused_ioctl(int index) {
    return (index < 0 || index >= scene_host_refused_ioctl_count()) ? 0 : scene_host_refused_ioctls[index];
}

/* The filter program is built here; the largest is well under the kernel's 4,096 instructions. */
#define SH_MAX 700
#define SH_ALLOW SECCOMP_RET_ALLOW
#define SH_EPERM (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define SH_ENOSYS (SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA))

struct scene_host_program { struct sock_filter code[SH_MAX]; unsigned short count; int overflow; };

static void sh_put(struct scene_host_program *p, struct sock_filter instruction) {
    if (p->count >= SH_MAX) { p->overflow = 1; return; }
    p->code[p->count++] = instruction;
}
#define SH_STMT(code, k) sh_put(p, (struct sock_filter)BPF_STMT((code), (k)))
#define SH_JUMP(code, k, t, f) sh_put(p, (struct sock_filter)BPF_JUMP((code), (k), (t), (f)))
#define SH_LOAD_NR() SH_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
#define SH_LOAD_ARG(n) SH_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[(n)]))

/* `nr` allowed only when its argument `arg` (low 32 bits, as the kernel reads a pid or a number)
 * is one of `values`; anything else fails with EPERM. Leaves the accumulator holding `nr` again. */
static void sh_only_with(struct scene_host_program *p, int nr, int arg, const unsigned int *values, int count) {
    /* [jeq nr] [ld arg] [jeq v]*count [ld nr; ret EPERM] [ret ALLOW] */
    SH_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)nr, 0, (unsigned char)(count + 3));
    SH_LOAD_ARG(arg);
    for (int i = 0; i < count; i++) SH_JUMP(BPF_JMP | BPF_JEQ | BPF_K, values[i], (unsigned char)(count - i), 0);
    SH_STMT(BPF_RET | BPF_K, SH_EPERM);
    SH_STMT(BPF_RET | BPF_K, SH_ALLOW);
}

int scene_host_install_allowlist(pid_t self, int allow_network) {
    const unsigned int arch = scene_host_audit_arch();
    if (arch == 0) {
        errno = ENOSYS;
        return -1;
    }
    struct scene_host_program program = { .count = 0, .overflow = 0 };
    struct scene_host_program *p = &program;
    const unsigned int me = (unsigned int)self, group = (unsigned int)(-self);
    SH_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    SH_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 1, 0);
    SH_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    SH_LOAD_NR();
    /* The x32 numbering of the same calls (x86-64 only): refused. */
    SH_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
    SH_STMT(BPF_RET | BPF_K, SH_ENOSYS);

    /* Signals: to itself, its own threads, its own process group (0, or -self: it leads it). */
    const unsigned int kill_targets[] = { 0, me, group };
    sh_only_with(p, __NR_kill, 0, kill_targets, 3);
    const unsigned int own[] = { me };
    sh_only_with(p, __NR_tgkill, 0, own, 1);
    sh_only_with(p, __NR_tkill, 0, own, 1);
    sh_only_with(p, __NR_rt_sigqueueinfo, 0, own, 1);
    sh_only_with(p, __NR_rt_tgsigqueueinfo, 0, own, 1);
    /* Resource limits: its own (0 or self), never the host's or a sibling's. */
    const unsigned int itself[] = { 0, me };
    sh_only_with(p, __NR_prlimit64, 0, itself, 2);
    /* Scheduling priority: its own (who 0: the calling thread; Dispatch sets its threads' this way). */
    const unsigned int caller[] = { 0 };
    sh_only_with(p, __NR_setpriority, 1, caller, 1);

    /* ioctl: every request but the terminal ones above. [jeq] [ld] [jeq]*n [ret ALLOW] [ret EPERM] */
    const int refused = scene_host_refused_ioctl_count();
    SH_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 0, (unsigned char)(refused + 3));
    SH_LOAD_ARG(1);
    for (int i = 0; i < refused; i++) {
        SH_JUMP(BPF_JMP | BPF_JEQ | BPF_K, scene_host_refused_ioctls[i], (unsigned char)(refused - i), 0);
    }
    SH_STMT(BPF_RET | BPF_K, SH_ALLOW);
    SH_STMT(BPF_RET | BPF_K, SH_EPERM);

    /* socket: only with `network` (local, internet and routing-information sockets); its channel
       and socketpair's pairs reach nothing outside the process. */
    if (allow_network) {
        const unsigned int families[] = { AF_UNIX, AF_INET, AF_INET6, AF_NETLINK };
        sh_only_with(p, __NR_socket, 0, families, 4);
    } else {
        SH_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 1);
        SH_STMT(BPF_RET | BPF_K, SH_EPERM);
    }

    for (int i = 0; i < scene_host_allowed_call_count(); i++) {
        SH_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)scene_host_allowed_calls[i].number, 0, 1);
        SH_STMT(BPF_RET | BPF_K, SH_ALLOW);
    }
    /* Everything else, as an older kernel would answer: the C library falls back where it can. */
    SH_STMT(BPF_RET | BPF_K, SH_ENOSYS);
    if (p->overflow) {
        errno = E2BIG;
        return -1;
    }
    struct sock_fprog fprog = { .len = p->count, .filter = p->code };
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog, 0, 0);
}
