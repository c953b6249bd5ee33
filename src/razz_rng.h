/*
 * razz_rng.h - razzcore's random generator for the compiled kernels (C99,
 * header only): xoshiro256** (Blackman & Vigna) seeded through splitmix64
 * from (seed, stream).  The equity Monte Carlo (razz_equity_mc.h) draws a chunk
 * of trials from one stream; the simulator (razz_engine.h) one hand.
 */
#ifndef RAZZ_RNG_H
#define RAZZ_RNG_H

#include <stdint.h>

#if defined(_MSC_VER)
#  define RZ_RNG_INLINE static __inline
#else
#  define RZ_RNG_INLINE static inline
#endif

typedef struct {
    uint64_t s[4];
} rz_rng;

RZ_RNG_INLINE uint64_t rz_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Generator of chunk `chunk` of a run seeded with `seed`. */
RZ_RNG_INLINE void rz_rng_seed(rz_rng *g, uint64_t seed, uint64_t chunk)
{
    uint64_t c = chunk;
    uint64_t x = seed ^ rz_splitmix64(&c);
    int i;
    for (i = 0; i < 4; i++)
        g->s[i] = rz_splitmix64(&x);
}

RZ_RNG_INLINE uint64_t rz_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman & Vigna). */
RZ_RNG_INLINE uint64_t rz_rng_next(rz_rng *g)
{
    uint64_t *s = g->s;
    uint64_t result = rz_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rz_rotl(s[3], 45);
    return result;
}

/* Uniform integer in [0, n), 1 <= n <= 2^32 - 1, unbiased (Lemire's method). */
RZ_RNG_INLINE uint32_t rz_rng_below(rz_rng *g, uint32_t n)
{
    uint64_t m = (rz_rng_next(g) >> 32) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (0u - n) % n;
        while (l < t) {
            m = (rz_rng_next(g) >> 32) * (uint64_t)n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif /* RAZZ_RNG_H */
