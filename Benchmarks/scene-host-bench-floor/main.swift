// The cheapest Swift program that prints: what starting any Swift executable costs on this machine,
// the floor under the host's start-up figures (docs/performance.md).
print("floor")
