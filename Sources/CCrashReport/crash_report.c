/* The scene worker's crash handler and its table of plugin code (see include/crash_report.h).
 *
 * Everything the handler touches is allocated before it can run: the table (static), the record
 * and the scan buffer (static), the alternate stack (static), and a pipe through which it reads
 * memory it is not sure of (a write(2) of an unreadable address fails with EFAULT instead of
 * faulting), since a fault inside the handler would end the worker without its report. */
#define _GNU_SOURCE
#include "crash_report.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define MAX_PLUGINS 4096
#define MAX_RANGES 16384
/* How far above the stack pointer a frame may lie, and how many frames are followed. */
#define MAX_STACK_SPAN ((uintptr_t)64 << 20)
#define MAX_FRAMES 1024
/* How many bytes above the stack pointer are scanned when the frame chain cannot be followed at all. */
#define MAX_SCAN ((uintptr_t)64 << 10)
#define PAGE ((uintptr_t)4096)

struct code_range {
    uintptr_t start;
    uintptr_t end;
    uint32_t plugin;
};

static struct code_range ranges[MAX_RANGES];
static char names[MAX_PLUGINS][SCENE_HOST_CRASH_NAME_MAX];
static uint32_t name_lengths[MAX_PLUGINS];
/* Published with release stores after their entries are written; the handler reads them with acquire. */
static uint32_t plugin_count;
static uint32_t range_count;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static int report_descriptor = -1;
static int probe_read = -1;
static int probe_write = -1;
static int reporting;
static struct scene_host_crash_record record;
static unsigned char scan_buffer[PAGE];
static unsigned char alternate_stack[256 << 10];

/* MARK: The table (normal context) */

struct library_search {
    uintptr_t base;
    const char *name;
    uint32_t plugin;
    int found;
};

static int note_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct library_search *search = data;
    if (info->dlpi_addr != search->base || info->dlpi_name == NULL || search->name == NULL || strcmp(info->dlpi_name, search->name) != 0) {
        return 0;
    }
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X) || header->p_memsz == 0) continue;
        uint32_t count = __atomic_load_n(&range_count, __ATOMIC_RELAXED);
        if (count >= MAX_RANGES) break;
        ranges[count].start = info->dlpi_addr + header->p_vaddr;
        ranges[count].end = info->dlpi_addr + header->p_vaddr + header->p_memsz;
        ranges[count].plugin = search->plugin;
        __atomic_store_n(&range_count, count + 1, __ATOMIC_RELEASE);
        search->found = 1;
    }
    return 1;
}

int scene_host_crash_note_library(void *handle, const char *name) {
    struct link_map *map = NULL;
    if (handle == NULL || name == NULL || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return -1;
    pthread_mutex_lock(&table_lock);
    uint32_t index = __atomic_load_n(&plugin_count, __ATOMIC_RELAXED);
    if (index >= MAX_PLUGINS) {
        pthread_mutex_unlock(&table_lock);
        return -1;
    }
    size_t length = strlen(name);
    if (length > SCENE_HOST_CRASH_NAME_MAX) length = SCENE_HOST_CRASH_NAME_MAX;
    memcpy(names[index], name, length);
    name_lengths[index] = (uint32_t)length;
    /* The plugin counts before its ranges are published: a range never names a plugin not yet there. */
    __atomic_store_n(&plugin_count, index + 1, __ATOMIC_RELEASE);
    struct library_search search = { (uintptr_t)map->l_addr, map->l_name, index, 0 };
    dl_iterate_phdr(note_segments, &search);
    pthread_mutex_unlock(&table_lock);
    return search.found ? (int)index : -1;
}

/* The range of noted plugin code holding `address`, or -1. Safe in the handler. */
static int range_at(uintptr_t address) {
    uint32_t count = __atomic_load_n(&range_count, __ATOMIC_ACQUIRE);
    for (uint32_t index = 0; index < count; index++) {
        if (ranges[index].start <= address && address < ranges[index].end) return (int)index;
    }
    return -1;
}

int scene_host_crash_plugin_at(uintptr_t address) {
    int range = range_at(address);
    return range < 0 ? -1 : (int)ranges[range].plugin;
}

/* MARK: Reading memory without faulting (handler) */

/* Empties the probe pipe (something may have written to it). */
static void drain_probe(void) {
    unsigned char sink[64];
    for (int rounds = 0; rounds < 4096; rounds++) {
        ssize_t got = read(probe_read, sink, sizeof sink);
        if (got <= 0 && !(got < 0 && errno == EINTR)) return;
    }
}

/* Copies `length` bytes at `address` (within one page) into `out`; 0 when they cannot be read. */
static int read_page_part(uintptr_t address, void *out, size_t length) {
    ssize_t written;
    do written = write(probe_write, (const void *)address, length); while (written < 0 && errno == EINTR);
    if (written != (ssize_t)length) {
        if (written > 0) drain_probe();
        return 0;
    }
    size_t got = 0;
    while (got < length) {
        ssize_t part = read(probe_read, (unsigned char *)out + got, length - got);
        if (part < 0 && errno == EINTR) continue;
        if (part <= 0) return 0;
        got += (size_t)part;
    }
    return 1;
}

/* Copies `length` bytes (at most a page) at `address`, page by page; 0 when any cannot be read. */
static int read_memory(uintptr_t address, void *out, size_t length) {
    size_t done = 0;
    while (done < length) {
        uintptr_t at = address + done;
        size_t part = (size_t)(((at | (PAGE - 1)) + 1) - at);
        if (part > length - done) part = length - done;
        if (!read_page_part(at, (unsigned char *)out + done, part)) return 0;
        done += part;
    }
    return 1;
}

/* MARK: Finding the plugin (handler) */

/* Whether the instruction before `address` calls (so `address` is a return address), read safely. */
static int follows_call(uintptr_t address, const struct code_range *range) {
#if defined(__x86_64__)
    if (address < range->start + 7) return 0;
    unsigned char code[7];
    if (!read_memory(address - 7, code, sizeof code)) return 0;
    /* call rel32 (E8 xx xx xx xx) */
    if (code[2] == 0xE8) return 1;
    /* call r/m64 (FF /2), 2 to 7 bytes with a prefix, ModRM, SIB and displacement */
    for (int length = 2; length <= 7; length++) {
        if (code[7 - length] == 0xFF && (code[7 - length + 1] & 0x38) == 0x10) return 1;
    }
    return 0;
#elif defined(__aarch64__)
    if (address < range->start + 4 || (address & 3) != 0) return 0;
    uint32_t instruction;
    if (!read_memory(address - 4, &instruction, sizeof instruction)) return 0;
    /* BL, BLR, and BLRAA/BLRAB/BLRAAZ/BLRABZ */
    return (instruction & 0xFC000000u) == 0x94000000u || (instruction & 0xFFFFFC1Fu) == 0xD63F0000u
        || (instruction & 0xFEFFF800u) == 0xD63F0800u;
#else
    (void)address;
    (void)range;
    return 0;
#endif
}

/* The plugin of the first word in [low, high) that is a return address into noted plugin code, or -1. */
static int scan_for_return_address(uintptr_t low, uintptr_t high) {
    low = (low + 7) & ~(uintptr_t)7;
    while (low < high) {
        uintptr_t end = (low | (PAGE - 1)) + 1;
        if (end > high) end = high;
        size_t length = (size_t)(end - low) & ~(size_t)7;
        if (length == 0 || !read_memory(low, scan_buffer, length)) return -1;
        for (size_t offset = 0; offset + 8 <= length; offset += 8) {
            uintptr_t word;
            memcpy(&word, scan_buffer + offset, sizeof word);
            int range = range_at(word);
            if (range >= 0 && follows_call(word, &ranges[range])) return (int)ranges[range].plugin;
        }
        low = end;
    }
    return -1;
}

/* The first plugin frame of the interrupted thread (see the header), or -1. */
static int find_plugin(uintptr_t pc, uintptr_t sp, uintptr_t fp, uintptr_t lr) {
    int range = range_at(pc);
    if (range >= 0) return (int)ranges[range].plugin;
    if (lr != 0 && (range = range_at(lr)) >= 0) return (int)ranges[range].plugin;
    /* The frame records: {previous frame pointer, return address}, on both architectures. A record
       is followed only while it is aligned, above the last, within MAX_STACK_SPAN of the stack
       pointer and readable. */
    int valid = (fp & 7) == 0 && fp >= sp && fp - sp < MAX_STACK_SPAN;
    uintptr_t first = valid ? fp : sp + MAX_SCAN;
    /* The words below the first record belong to code the chain cannot see (no frame pointer). */
    int found = scan_for_return_address(sp, first);
    if (found >= 0) return found;
    uintptr_t frame = fp;
    for (int depth = 0; valid && depth < MAX_FRAMES; depth++) {
        uintptr_t words[2];
        if (!read_memory(frame, words, sizeof words)) break;
        if ((range = range_at(words[1])) >= 0) return (int)ranges[range].plugin;
        uintptr_t next = words[0];
        valid = (next & 7) == 0 && next > frame && next - sp < MAX_STACK_SPAN;
        frame = next;
    }
    return -1;
}

/* MARK: Idle stacks */

__attribute__((noinline)) void scene_host_crash_clear_stack_below(void) {
    /* Far more than a system call wrapper's frame and the scan's reach below the first frame record. */
    volatile unsigned char below[4096];
    for (size_t index = 0; index < sizeof below; index++) below[index] = 0;
    __asm__ volatile("" : : "r"(below) : "memory");
}

/* MARK: The handler */

/* Ends the process with `number`, the default action restored: the host sees the real signal. */
static void die_of(int number) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(number, &fallback, NULL);
    /* Blocked while the handler runs: delivered (fatally) when it returns. A fault the kernel raised
       would also fault again on return; a signal sent (abort) would not, hence the raise. */
    syscall(SYS_tgkill, (pid_t)syscall(SYS_getpid), (pid_t)syscall(SYS_gettid), number);
}

static void on_crash(int number, siginfo_t *info, void *context) {
    int saved = errno;
    int expected = 0;
    if (!__atomic_compare_exchange_n(&reporting, &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        /* Another thread is reporting: it ends the process; if it does not within a second, this one does. */
        struct timespec wait = { 0, 10 * 1000 * 1000 };
        for (int round = 0; round < 100; round++) nanosleep(&wait, NULL);
        die_of(number);
        errno = saved;
        return;
    }
    const ucontext_t *interrupted = context;
    uintptr_t pc = 0, sp = 0, fp = 0, lr = 0;
#if defined(__x86_64__)
    pc = (uintptr_t)interrupted->uc_mcontext.gregs[REG_RIP];
    sp = (uintptr_t)interrupted->uc_mcontext.gregs[REG_RSP];
    fp = (uintptr_t)interrupted->uc_mcontext.gregs[REG_RBP];
#elif defined(__aarch64__)
    pc = (uintptr_t)interrupted->uc_mcontext.pc;
    sp = (uintptr_t)interrupted->uc_mcontext.sp;
    fp = (uintptr_t)interrupted->uc_mcontext.regs[29];
    lr = (uintptr_t)interrupted->uc_mcontext.regs[30];
#else
    (void)interrupted;
#endif
    drain_probe();
    int plugin = pc == 0 && sp == 0 ? -1 : find_plugin(pc, sp, fp, lr);
    record.magic = SCENE_HOST_CRASH_MAGIC;
    record.version = SCENE_HOST_CRASH_VERSION;
    record.signal = number;
    record.code = info != NULL ? info->si_code : 0;
    record.plugin = plugin < 0 ? SCENE_HOST_CRASH_NO_PLUGIN : (uint32_t)plugin;
    record.name_length = plugin < 0 ? 0 : name_lengths[plugin];
    if (plugin >= 0) memcpy(record.name, names[plugin], record.name_length);
    ssize_t written;
    do written = write(report_descriptor, &record, sizeof record); while (written < 0 && errno == EINTR);
    die_of(number);
    errno = saved;
}

int scene_host_crash_install(int report_fd) {
    int probe[2];
    if (pipe2(probe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    probe_read = probe[0];
    probe_write = probe[1];
    report_descriptor = report_fd;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof alternate_stack;
    if (sigaltstack(&stack, NULL) != 0) return -1;
    const int numbers[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    /* No other crash signal interrupts the handler on this thread. */
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) sigaddset(&action.sa_mask, numbers[index]);
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        if (sigaction(numbers[index], &action, NULL) != 0) return -1;
    }
    return 0;
}
