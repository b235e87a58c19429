/**
 * A seeded pseudo-random source for the reliability harness, so every run with the same seed
 * makes the same choices (a failure is replayed with `--seed N`). mulberry32: 32-bit state, period
 * 2^32, fast and good enough to drive a test mix (not for cryptography).
 */

/** A seeded random source. All methods advance the one shared state. */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive; `min ≤ max`). */
  int(min: number, max: number): number;
  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p` (0–1). */
  chance(p: number): boolean;
  /** A 32-bit seed for a derived source (e.g. one per child process or per fast-check sample). */
  seed(): number;
}

/** Creates a {@link Random} from a 32-bit integer seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new RangeError("pick: empty array");
      return item;
    },
    chance: (p) => next() < p,
    seed: () => int(0, 0xffff_ffff),
  };
}
