// The container is part of the host's API (tests, the benchmarks): whoever imports SceneHost sees
// it without a second import.
@_exported import SceneHostContainer
