#include "oversized_table.h"

// Read by the host from the file; the function is the Swift target's @_cdecl one.
__attribute__((visibility("default"))) const char scene_native_functions[] =
    "oversized_text\tstring(int64)\0";
