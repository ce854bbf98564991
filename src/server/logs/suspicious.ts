/**
 * Repeated refusals seen by this process: 403s for one admin (routes outside their role) and
 * 401s with a bearer token from one address (invalid or expired tokens). Past THRESHOLD within
 * WINDOW_MS one SUSPICIOUS_ACTIVITY event is raised, and counting starts again. Each API
 * process counts its own traffic; the counters are bounded.
 */
export const SUSPICIOUS_THRESHOLD = 10;
export const SUSPICIOUS_WINDOW_MS = 5 * 60_000;
const MAX_KEYS = 10_000;

export class RepeatCounter {
  private seen = new Map<string, { count: number; since: number }>();

  constructor(
    readonly threshold = SUSPICIOUS_THRESHOLD,
    readonly windowMs = SUSPICIOUS_WINDOW_MS,
  ) {}

  /** Counts one more for `key`; true when this one reaches the threshold. */
  hit(key: string, now = Date.now()): boolean {
    let entry = this.seen.get(key);
    if (!entry || now - entry.since > this.windowMs) {
      if (!entry && this.seen.size >= MAX_KEYS) this.prune(now);
      entry = { count: 0, since: now };
      this.seen.set(key, entry);
    }
    entry.count++;
    if (entry.count < this.threshold) return false;
    this.seen.delete(key);
    return true;
  }

  private prune(now: number) {
    for (const [k, v] of this.seen) if (now - v.since > this.windowMs) this.seen.delete(k);
    // Still full: the oldest keys go (a Map iterates in insertion order).
    for (const k of this.seen.keys()) {
      if (this.seen.size < MAX_KEYS) break;
      this.seen.delete(k);
    }
  }
}
