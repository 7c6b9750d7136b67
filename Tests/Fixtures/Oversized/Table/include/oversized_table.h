// The native function table of the Oversized fixture (a Swift plugin with a @_cdecl function).
