// Per-key token buckets: 10 requests per second, bursts of 20 (the service publishes no burst size).

export interface RateLimitOptions {
  perSecond: number;
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perSecond: 10, burst: 20 };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly options: RateLimitOptions | false) {}

  /** Takes one token for `key`; false when the key is over its rate (the request gets a 429). */
  take(key: string, now: number): boolean {
    if (!this.options) return true;
    const { perSecond, burst } = this.options;
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(burst, bucket.tokens + (elapsed * perSecond) / 1000);
    bucket.at = Math.max(bucket.at, now);
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Starts `key` over with a full bucket (an account that was just created or reset). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  reset(): void {
    this.buckets.clear();
  }
}
