// The raw side of the libffi figures (docs/performance.md, round 4): libffi called from C with
// nothing of the host around it, for the same function and signature the host's benchmark uses,
// NativePricing's `double order_total(int64_t, double, double)`.
// Usage: scene-host-bench-ffi LIBRARY BATCHES BATCH_SIZE
// Prints two lines: "ffi_call NS" (median over batches of the mean per call with a prepared cif)
// and "ffi_prep_cif NS" (the same for preparing the cif of that signature).
#include <dlfcn.h>
#include <ffi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec * 1e9 + (double)spec.tv_nsec;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *samples, int count) {
    qsort(samples, (size_t)count, sizeof(double), compare);
    return samples[count / 2];
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: %s LIBRARY BATCHES BATCH_SIZE\n", argv[0]); return 2; }
    int batches = atoi(argv[2]), size = atoi(argv[3]);
    if (batches < 1 || size < 1) { fprintf(stderr, "batches and batch size must be positive\n"); return 2; }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    void *function = library ? dlsym(library, "order_total") : NULL;
    if (!function) { fprintf(stderr, "cannot open %s or find order_total in it\n", argv[1]); return 2; }

    ffi_type *arguments[3] = { &ffi_type_sint64, &ffi_type_double, &ffi_type_double };
    ffi_cif cif;
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 3, &ffi_type_double, arguments) != FFI_OK) { fprintf(stderr, "ffi_prep_cif failed\n"); return 2; }
    int64_t quantity = 3;
    double price = 2.5, discount = 0.5, result = 0, sink = 0;
    void *values[3] = { &quantity, &price, &discount };
    double *samples = malloc(sizeof(double) * (size_t)batches);
    if (!samples) return 2;

    for (int i = 0; i < size; i++) { ffi_call(&cif, FFI_FN(function), &result, values); sink += result; }
    for (int batch = 0; batch < batches; batch++) {
        double start = now_ns();
        for (int i = 0; i < size; i++) { ffi_call(&cif, FFI_FN(function), &result, values); sink += result; }
        samples[batch] = (now_ns() - start) / size;
    }
    printf("ffi_call %.2f\n", median(samples, batches));

    ffi_cif fresh;
    for (int batch = 0; batch < batches; batch++) {
        double start = now_ns();
        for (int i = 0; i < size; i++) {
            if (ffi_prep_cif(&fresh, FFI_DEFAULT_ABI, 3, &ffi_type_double, arguments) != FFI_OK) return 2;
            sink += (double)fresh.bytes;
        }
        samples[batch] = (now_ns() - start) / size;
    }
    printf("ffi_prep_cif %.2f\n", median(samples, batches));
    free(samples);
    // The sum keeps the calls from being optimized away.
    return sink > 0 ? 0 : 3;
}
