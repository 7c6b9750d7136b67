// The raw side of the worker hop figure (docs/performance.md): two C processes exchanging frames
// over a socketpair, each a blocking write of the whole frame and a blocking read of the other's,
// the least any host and worker pair can do per round trip on this machine.
// Usage: scene-host-bench-pingpong REQUEST_BYTES REPLY_BYTES ROUND_TRIPS
// Prints one line: "round_trip NS", the median of the round trips, each timed alone.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec * 1e9 + (double)spec.tv_nsec;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// Reads exactly `count` bytes; 0 at the end of the stream or an error.
static int read_all(int fd, char *buffer, long count) {
    long done = 0;
    while (done < count) {
        ssize_t got = read(fd, buffer + done, (size_t)(count - done));
        if (got <= 0) return 0;
        done += got;
    }
    return 1;
}

static int write_all(int fd, const char *buffer, long count) {
    long done = 0;
    while (done < count) {
        ssize_t put = write(fd, buffer + done, (size_t)(count - done));
        if (put <= 0) return 0;
        done += put;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: scene-host-bench-pingpong REQUEST_BYTES REPLY_BYTES ROUND_TRIPS\n");
        return 64;
    }
    long request = atol(argv[1]), reply = atol(argv[2]), trips = atol(argv[3]);
    if (request < 1 || reply < 1 || trips < 1 || request > (1 << 24) || reply > (1 << 24)) {
        fprintf(stderr, "scene-host-bench-pingpong: sizes from 1 to 16 MiB and at least one round trip\n");
        return 64;
    }
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) { perror("socketpair"); return 2; }
    char *in = calloc((size_t)(request > reply ? request : reply), 1);
    char *out = calloc((size_t)(request > reply ? request : reply), 1);
    double *times = calloc((size_t)trips, sizeof(double));
    if (!in || !out || !times) return 2;
    pid_t child = fork();
    if (child < 0) { perror("fork"); return 2; }
    if (child == 0) {
        close(pair[0]);
        while (read_all(pair[1], in, request) && write_all(pair[1], out, reply)) {}
        _exit(0);
    }
    close(pair[1]);
    long warmup = trips / 10 + 100;
    for (long i = 0; i < warmup + trips; i++) {
        double start = now_ns();
        if (!write_all(pair[0], out, request) || !read_all(pair[0], in, reply)) { fprintf(stderr, "scene-host-bench-pingpong: the child ended\n"); return 2; }
        double end = now_ns();
        if (i >= warmup) times[i - warmup] = end - start;
    }
    close(pair[0]);
    waitpid(child, NULL, 0);
    qsort(times, (size_t)trips, sizeof(double), compare);
    printf("round_trip %.0f\n", times[trips / 2]);
    return 0;
}
