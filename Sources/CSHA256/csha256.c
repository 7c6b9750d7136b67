#include "csha256.h"

#include <string.h>

// FIPS 180-4, section 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes.
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotate_right(uint32_t value, unsigned bits) {
    return (value >> bits) | (value << (32 - bits));
}

static void compress(uint32_t state[8], const uint8_t block[64]) {
    uint32_t schedule[64];
    for (int index = 0; index < 16; index++) {
        const uint8_t *word = block + 4 * index;
        schedule[index] = ((uint32_t)word[0] << 24) | ((uint32_t)word[1] << 16) | ((uint32_t)word[2] << 8)
            | (uint32_t)word[3];
    }
    for (int index = 16; index < 64; index++) {
        uint32_t low = schedule[index - 15], high = schedule[index - 2];
        uint32_t sigma0 = rotate_right(low, 7) ^ rotate_right(low, 18) ^ (low >> 3);
        uint32_t sigma1 = rotate_right(high, 17) ^ rotate_right(high, 19) ^ (high >> 10);
        schedule[index] = schedule[index - 16] + sigma0 + schedule[index - 7] + sigma1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int index = 0; index < 64; index++) {
        uint32_t sum1 = rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25);
        uint32_t choice = (e & f) ^ (~e & g);
        uint32_t first = h + sum1 + choice + round_constants[index] + schedule[index];
        uint32_t sum0 = rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22);
        uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        uint32_t second = sum0 + majority;
        h = g; g = f; f = e; e = d + first;
        d = c; c = b; b = a; a = first + second;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

void scene_host_sha256_init(scene_host_sha256 *context) {
    // Section 5.3.3: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
    static const uint32_t initial[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(context->state, initial, sizeof initial);
    context->length = 0;
    context->used = 0;
}

void scene_host_sha256_update(scene_host_sha256 *context, const void *bytes, size_t count) {
    const uint8_t *input = bytes;
    context->length += count;
    if (context->used > 0) {
        size_t take = 64 - context->used < count ? 64 - context->used : count;
        memcpy(context->block + context->used, input, take);
        context->used += take;
        input += take;
        count -= take;
        if (context->used < 64) return;
        compress(context->state, context->block);
        context->used = 0;
    }
    while (count >= 64) {
        compress(context->state, input);
        input += 64;
        count -= 64;
    }
    memcpy(context->block, input, count);
    context->used = count;
}

void scene_host_sha256_final(scene_host_sha256 *context, uint8_t digest[32]) {
    // Section 5.1.1: a 1 bit, zeros, then the message length in bits, big-endian, ending a block.
    uint64_t bits = context->length * 8;
    uint8_t padding[72] = {0x80};
    size_t padded = (context->used < 56 ? 56 : 120) - context->used;
    for (int index = 0; index < 8; index++) padding[padded + index] = (uint8_t)(bits >> (56 - 8 * index));
    scene_host_sha256_update(context, padding, padded + 8);
    for (int index = 0; index < 8; index++) {
        digest[4 * index] = (uint8_t)(context->state[index] >> 24);
        digest[4 * index + 1] = (uint8_t)(context->state[index] >> 16);
        digest[4 * index + 2] = (uint8_t)(context->state[index] >> 8);
        digest[4 * index + 3] = (uint8_t)context->state[index];
    }
}
