// Seeded randomness that lives in the device state: the generator is a pure
// function of (seed, counter), so a snapshot that holds both replays exactly.

/** Return a float in [0, 1) for the given seed and counter (mulberry32 of a mixed word). */
export function randomAt(seed, counter) {
  let t = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(counter | 0, 0x85ebca6b)) >>> 0;
  t = (t + 0x6d2b79f5) >>> 0;
  let r = Math.imul(t ^ (t >>> 15), 1 | t);
  r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
  return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
}

/** Draw from the rng record `{seed, n}` (mutated: n advances by one) and return a float in [0, 1). */
export function draw(rng) {
  const value = randomAt(rng.seed, rng.n);
  rng.n += 1;
  return value;
}
