#ifndef SCENE_HOST_CSHA256_H
#define SCENE_HOST_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256 (FIPS 180-4) in plain C, for the processes that must not load Foundation (the probe
/// child): swift-crypto imports Foundation. Why a hand-written digest: docs/decisions.md,
/// "SHA-256 in C, not through swift-crypto".
typedef struct {
    uint32_t state[8];
    uint64_t length;      // bytes hashed so far
    uint8_t block[64];    // bytes of the block not yet compressed
    size_t used;          // how many of `block` are in use
    int accelerated;      // whether blocks go through the processor's SHA instructions
} scene_host_sha256;

/// Starts a digest; blocks go through the x86 SHA extensions where the processor has them (as
/// BoringSSL's do: a 50 MB plugin, or a thousand plugins, hash at the speed of the disk cache).
void scene_host_sha256_init(scene_host_sha256 *context);
/// Starts a digest that uses the portable C rounds only (the tests compare the two).
void scene_host_sha256_init_portable(scene_host_sha256 *context);
void scene_host_sha256_update(scene_host_sha256 *context, const void *bytes, size_t count);
void scene_host_sha256_final(scene_host_sha256 *context, uint8_t digest[32]);

#endif
