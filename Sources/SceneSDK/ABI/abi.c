/* SwiftPM needs one source file per C target; the ABI is header-only. */
#include "scene_plugin_abi.h"
