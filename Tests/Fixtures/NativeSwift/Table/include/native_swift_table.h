// The native function table of the NativeSwift fixture (a Swift plugin with @_cdecl functions).
