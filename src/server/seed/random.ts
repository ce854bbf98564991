/**
 * A small seeded random number generator for the demo city. Every stream is derived from
 * (seed, stream name, index), so a patient's data depends only on the seed and the patient's
 * number, not on how many rows were drawn before it, and no global state is shared.
 */

/** 32-bit FNV-1a of a string: stream names to numbers. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** splitmix32 finaliser: spreads nearby integers far apart. */
function mix(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** sfc32: fast, small state, good enough statistics for synthetic data. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: string, index = 0) {
    const s = fnv1a(stream);
    this.a = mix(seed ^ s);
    this.b = mix(this.a ^ index);
    this.c = mix(this.b ^ Math.floor(index / 4294967296) ^ 0x5bd1e995);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A string of n decimal digits. */
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.next() * 10);
    return s;
  }

  /** Roughly normal (sum of three uniforms), mean 0, standard deviation 1. */
  normal(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2;
  }
}

/** A weighted choice among fixed items, prepared once and drawn many times. */
export class Weighted<T> {
  readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map(([item]) => item);
    this.cumulative = new Float64Array(entries.length);
    let sum = 0;
    entries.forEach(([, w], i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  draw(rng: Rng): T {
    return this.items[this.indexFor(rng.next())];
  }

  /** The item at quantile u in [0, 1), optionally only among items from index `from` on. */
  indexFor(u: number, from = 0): number {
    const skipped = from > 0 ? this.cumulative[from - 1] : 0;
    const target = skipped + u * (this.total - skipped);
    let lo = from;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Shorthand: a weighted choice from a { value: weight } record. */
export const weighted = <T extends string>(weights: Record<T, number>) =>
  new Weighted<T>(Object.entries(weights) as [T, number][]);
