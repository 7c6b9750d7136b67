#include "native_swift_table.h"

// Read by the host from the file; the functions are the Swift target's @_cdecl ones.
__attribute__((visibility("default"))) const char scene_native_functions[] =
    "swift_multiply\tint64(int64, int64)\0";
