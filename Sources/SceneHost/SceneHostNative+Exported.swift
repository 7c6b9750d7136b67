// Native functions are part of the host's API (`scene-host call`, the worker's calls): whoever
// imports SceneHost sees them without a second import.
@_exported import SceneHostNative
