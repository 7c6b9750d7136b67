#include <unistd.h>
#include "native_types.h"
#include <stddef.h>
#include <stdlib.h>

#define EXPORT __attribute__((visibility("default")))

// The table the host reads from the file before running any code of it: NUL-terminated
// "name<TAB>signature" records, ended by an empty record (the literal's own final NUL).
EXPORT const char scene_native_functions[] =
    "echo_bool\tbool(bool)\0"
    "echo_int8\tint8(int8)\0"
    "echo_int16\tint16(int16)\0"
    "echo_int32\tint32(int32)\0"
    "echo_int64\tint64(int64)\0"
    "echo_uint8\tuint8(uint8)\0"
    "echo_uint16\tuint16(uint16)\0"
    "echo_uint32\tuint32(uint32)\0"
    "echo_uint64\tuint64(uint64)\0"
    "echo_float\tfloat(float)\0"
    "echo_double\tdouble(double)\0"
    "echo_string\tstring(string)\0"
    "echo_pointer\tpointer(pointer)\0"
    "nothing\tvoid()\0"
    "mixed\tdouble(int8, uint16, float, double, int64, bool)\0"
    "call_back\tint32(callback(void(int32, string)), int32)\0"
    "sum_with\tint64(callback(int64(int64)), int64)\0"
    "bad_string\tstring()\0"
    "abort_now\tvoid()\0"
    "poke\tint32(int32)\0";

EXPORT bool echo_bool(bool value) { return value; }
EXPORT int8_t echo_int8(int8_t value) { return value; }
EXPORT int16_t echo_int16(int16_t value) { return value; }
EXPORT int32_t echo_int32(int32_t value) { return value; }
EXPORT int64_t echo_int64(int64_t value) { return value; }
EXPORT uint8_t echo_uint8(uint8_t value) { return value; }
EXPORT uint16_t echo_uint16(uint16_t value) { return value; }
EXPORT uint32_t echo_uint32(uint32_t value) { return value; }
EXPORT uint64_t echo_uint64(uint64_t value) { return value; }
EXPORT float echo_float(float value) { return value; }
EXPORT double echo_double(double value) { return value; }
EXPORT const char *echo_string(const char *value) { return value; }
EXPORT void *echo_pointer(void *value) { return value; }
EXPORT void nothing(void) {}

// Every argument lands in its own register or stack slot: a wrong type description shows here.
EXPORT double mixed(int8_t a, uint16_t b, float c, double d, int64_t e, bool f) {
    return (double)a + (double)b + (double)c + d + (double)e + (f ? 1000.0 : 0.0);
}

// Calls `callback` `count` times with (index, "row"); returns how many calls it made.
EXPORT int32_t call_back(void (*callback)(int32_t, const char *), int32_t count) {
    for (int32_t index = 0; index < count; index++) callback(index, "row");
    return count;
}

// The sum of callback(i) for i in 0..<count.
EXPORT int64_t sum_with(int64_t (*callback)(int64_t), int64_t count) {
    int64_t sum = 0;
    for (int64_t index = 0; index < count; index++) sum += callback(index);
    return sum;
}

// Ends the process: proof that loading, probing and checking call no native function.
EXPORT void abort_now(void) { abort(); }

// A bug that shows on one argument only, as real ones do: 13 writes through NULL, 7 never
// returns; anything else doubles it.
EXPORT int32_t poke(int32_t value) {
    if (value == 13) { volatile int32_t *nothing = 0; *nothing = value; }
    if (value == 7) { for (;;) sleep(1); }
    return value * 2;
}

// A string that is not UTF-8.
EXPORT const char *bad_string(void) { return "\xff\xfe"; }
