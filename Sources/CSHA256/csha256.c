#include "csha256.h"

#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

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

static void compress_blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
    for (size_t index = 0; index < blocks; index++) compress(state, data + 64 * index);
}

#if defined(__x86_64__)
// The SHA extensions (SHA-NI): four rounds per pair of `sha256rnds2`, the schedule by `sha256msg1`
// and `sha256msg2` (Intel's "Intel SHA Extensions" white paper, the state kept as ABEF and CDGH).
__attribute__((target("sha,sse4.1,ssse3")))
static void compress_blocks_accelerated(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i cdab = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    for (size_t block = 0; block < blocks; block++, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i words[4];
        for (int group = 0; group < 16; group++) {
            if (group < 4) {
                words[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), byte_swap);
            } else {
                // W[t..t+3] from W[t-16..t-13], W[t-15..t-12], W[t-7..t-4] and W[t-4..t-1].
                __m128i *next = &words[group % 4];
                const __m128i previous = words[(group + 3) % 4];
                __m128i sum = _mm_sha256msg1_epu32(*next, words[(group + 1) % 4]);
                sum = _mm_add_epi32(sum, _mm_alignr_epi8(previous, words[(group + 2) % 4], 4));
                *next = _mm_sha256msg2_epu32(sum, previous);
            }
            __m128i message = _mm_add_epi32(
                words[group % 4], _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

/// Whether this processor has the SHA extensions and the SSE4.1 and SSSE3 they are used with.
static int has_sha_extensions(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if (!(ecx & (1u << 19)) || !(ecx & (1u << 9))) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & (1u << 29)) != 0;
}
#endif

static void compress_blocks(scene_host_sha256 *context, const uint8_t *data, size_t blocks) {
#if defined(__x86_64__)
    if (context->accelerated) {
        compress_blocks_accelerated(context->state, data, blocks);
        return;
    }
#endif
    compress_blocks_portable(context->state, data, blocks);
}

void scene_host_sha256_init_portable(scene_host_sha256 *context) {
    // Section 5.3.3: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
    static const uint32_t initial[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(context->state, initial, sizeof initial);
    context->length = 0;
    context->used = 0;
    context->accelerated = 0;
}

void scene_host_sha256_init(scene_host_sha256 *context) {
    scene_host_sha256_init_portable(context);
#if defined(__x86_64__)
    context->accelerated = has_sha_extensions();
#endif
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
        compress_blocks(context, context->block, 1);
        context->used = 0;
    }
    compress_blocks(context, input, count / 64);
    input += count / 64 * 64;
    count %= 64;
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
