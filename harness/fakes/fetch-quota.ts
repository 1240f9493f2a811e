// One daily allowance per user (UrlFetch calls, property reads and writes): the window opens at a user's
// first counted call and lasts 24 hours ("Quotas are per user and reset 24 hours after the first request").

const DAY_MS = 86_400_000;

export class FetchQuota {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(readonly perDay: number) {}

  take(user: string, now: number, count: number): boolean {
    const window = this.#window(user, now);
    if (window.count + count > this.perDay) return false;
    window.count += count;
    return true;
  }

  /** What the user has used in the window open at `now`. */
  used(user: string, now: number): number {
    const window = this.#windows.get(user);
    return window && now - window.start < DAY_MS ? window.count : 0;
  }

  #window(user: string, now: number): { start: number; count: number } {
    let window = this.#windows.get(user);
    if (!window || now - window.start >= DAY_MS) {
      window = { start: now, count: 0 };
      this.#windows.set(user, window);
    }
    return window;
  }
}
