// @ts-check
// One seeded random generator for the JS tests and the scan picture generator, so that a
// failing case is the same case on every run.

/** mulberry32 (Tommy Ettinger's 32-bit generator): a function returning numbers in [0, 1). */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
