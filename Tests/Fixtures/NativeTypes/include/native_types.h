// A C fixture: one function per supported signature type, returning its argument, and
// functions that call back, for the host's libffi layer tests (NativeFunctionTests).
#include <stdbool.h>
#include <stdint.h>
