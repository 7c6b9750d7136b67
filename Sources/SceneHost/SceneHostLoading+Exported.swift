// Loading is part of the host's API (the worker, the tests, the benchmarks): whoever imports
// SceneHost loads plugins without a second import.
@_exported import SceneHostLoading
