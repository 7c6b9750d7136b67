#ifndef SCENE_HOST_WORKER_SHIM_H
#define SCENE_HOST_WORKER_SHIM_H

/* Linked into the two executables whose processes confine themselves: scene-host-worker, and
 * scene-host (its check child) (docs/decisions.md, "libdispatch's thread monitor under
 * Landlock"). Defines `open` for the whole process: libdispatch's pool monitor opens
 * `/proc/<tid>/stat` for each of its worker threads and crashes the process (SIGILL) when the open
 * fails, which it does under the worker's Landlock rules (only `/proc/self` is readable: another
 * process's `/proc` entries must not be). The same file of a thread of this process is
 * `/proc/self/task/<tid>/stat`, which the rules allow: that path is opened instead. Every other
 * path, and a tid of another process, is opened exactly as asked. */

/* Whether the shim is linked in (the worker asserts it at start). */
int scene_host_worker_shim_linked(void);

#endif
