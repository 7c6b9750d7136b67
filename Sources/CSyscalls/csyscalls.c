/* SwiftPM needs one source file per C target; the calls are static inline in the header. */
#include "csyscalls.h"
