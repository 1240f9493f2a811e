// UrlFetch's daily allowance per user: the window opens at a user's first call and lasts 24 hours.

const DAY_MS = 86_400_000;

export class FetchQuota {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(readonly perDay: number) {}

  take(user: string, now: number, count: number): boolean {
    let window = this.#windows.get(user);
    if (!window || now - window.start >= DAY_MS) {
      window = { start: now, count: 0 };
      this.#windows.set(user, window);
    }
    if (window.count + count > this.perDay) return false;
    window.count += count;
    return true;
  }
}
