// Apps Script's daily quotas per user that the add-on can run into: UrlFetch calls, property reads and
// writes, and the total runtime of triggers (https://developers.google.com/apps-script/guides/services/quotas).
import { FetchQuota } from "./fetch-quota.ts";

export type Account = "consumer" | "workspace";

export interface DailyLimits {
  urlFetch: number;
  properties: number;
  triggerRuntimeMs: number;
}

export const DAILY_LIMITS: Record<Account, DailyLimits> = {
  consumer: { urlFetch: 20_000, properties: 50_000, triggerRuntimeMs: 90 * 60_000 },
  workspace: { urlFetch: 100_000, properties: 500_000, triggerRuntimeMs: 6 * 3_600_000 },
};

export interface DailyUse {
  urlFetch: number;
  properties: number;
  triggerRuntimeMs: number;
}

export class DailyQuotas {
  readonly urlFetch: FetchQuota;
  readonly properties: FetchQuota;
  /** Trigger time is counted in milliseconds; an execution is charged what it ran when it ends. */
  readonly triggerRuntime: FetchQuota;

  constructor(readonly limits: DailyLimits) {
    this.urlFetch = new FetchQuota(limits.urlFetch);
    this.properties = new FetchQuota(limits.properties);
    this.triggerRuntime = new FetchQuota(limits.triggerRuntimeMs);
  }

  /** Trigger time the user has left in the window open at `now`. */
  triggerTimeLeft(user: string, now: number): number {
    return Math.max(0, this.limits.triggerRuntimeMs - this.triggerRuntime.used(user, now));
  }

  /** Charges a trigger execution's runtime (all of it: the platform stops it at the limit). */
  chargeTrigger(user: string, start: number, ms: number): void {
    const left = this.triggerTimeLeft(user, start);
    this.triggerRuntime.take(user, start, Math.min(left, Math.max(0, ms)));
  }

  /** Uses up `amount` of a quota (at most what is left), as the user's other scripts and add-ons would. */
  spend(quota: keyof DailyLimits, user: string, now: number, amount: number): void {
    const counter =
      quota === "urlFetch" ? this.urlFetch : quota === "properties" ? this.properties : this.triggerRuntime;
    const left = this.limits[quota] - counter.used(user, now);
    counter.take(user, now, Math.max(0, Math.min(left, amount)));
  }

  use(user: string, now: number): DailyUse {
    return {
      urlFetch: this.urlFetch.used(user, now),
      properties: this.properties.used(user, now),
      triggerRuntimeMs: this.triggerRuntime.used(user, now),
    };
  }
}
