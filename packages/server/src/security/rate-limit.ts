/** Fixed-window counters keyed by string (login failures per account and per address, phone codes). */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  hit(key: string): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.hits.size > 10000) this.prune(now);
    } else {
      entry.count++;
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/** Short-lived one-time values (captchas, phone codes, conflict uuids, QR checks, tickets). */
export class TtlStore<T> {
  private readonly items = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  set(key: string, value: T, ttlMs: number): void {
    const now = this.now();
    if (this.items.size > 10000) {
      for (const [k, item] of this.items) if (item.expiresAt <= now) this.items.delete(k);
    }
    this.items.set(key, { value, expiresAt: now + ttlMs });
  }

  get(key: string): T | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    if (item.expiresAt <= this.now()) {
      this.items.delete(key);
      return undefined;
    }
    return item.value;
  }

  take(key: string): T | undefined {
    const value = this.get(key);
    this.items.delete(key);
    return value;
  }

  delete(key: string): void {
    this.items.delete(key);
  }
}
