// libffi for the host's Swift layer (Sources/SceneHost/Native).
// ffi.h declares its basic types as mutable globals, which Swift 6 refuses to read from
// non-isolated code; these functions hand out their addresses instead.
#include <ffi.h>

static inline ffi_type *cffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *cffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *cffi_type_sint8(void) { return &ffi_type_sint8; }
static inline ffi_type *cffi_type_uint16(void) { return &ffi_type_uint16; }
static inline ffi_type *cffi_type_sint16(void) { return &ffi_type_sint16; }
static inline ffi_type *cffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *cffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *cffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *cffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *cffi_type_float(void) { return &ffi_type_float; }
static inline ffi_type *cffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *cffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_abi cffi_default_abi(void) { return FFI_DEFAULT_ABI; }
static inline size_t cffi_closure_size(void) { return sizeof(ffi_closure); }
