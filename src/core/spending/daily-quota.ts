// Apps Script's daily quotas running out: one sentence for the person, and jobs that wait for the quota
// to renew instead of failing (https://developers.google.com/apps-script/guides/services/quotas).
import { FetchAllowanceError } from "./fetch-allowance";

/** What each quota Google names in "Service invoked too many times for one day: <service>." counts. */
const COUNTED: Record<string, string> = {
  properties: "reads and writes of add-on settings",
  urlfetch: "requests to outside services",
};

const RENEWS = "It renews 24 hours after its first use today.";
const JOBS_WAIT = "Nothing was lost: background jobs wait and carry on by themselves then.";

/** How long a job waits before it tries again after a daily quota ran out (the add-on's trigger is hourly). */
export const QUOTA_RETRY_MS = 3_600_000;

/** The person's sentence for a daily quota that ran out, or null when `error` is something else. */
export function dailyQuotaMessage(error: unknown): string | null {
  if (error instanceof FetchAllowanceError) return error.message;
  const sentence = dailyQuotaSentence(error);
  return sentence && `${sentence} ${JOBS_WAIT}`;
}

/**
 * What ran out and when it renews, for a caller with no background job to wait (a formula), or null. Apps
 * Script throws it before anything is sent, whichever service wraps it (a failed fetch names the address).
 */
export function dailyQuotaSentence(error: unknown): string | null {
  const text = error instanceof Error ? error.message : String(error);
  const invoked = /Service invoked too many times for one day: (\w+)/.exec(text);
  if (invoked) {
    const what = COUNTED[invoked[1]!.toLowerCase()] ?? `calls to ${invoked[1]}`;
    return `Google Apps Script's daily limit of ${what} for your account is used up. ${RENEWS}`;
  }
  if (/too much computer time for one day/i.test(text)) {
    return `Google Apps Script's daily limit of background running time for your account is used up. ${RENEWS}`;
  }
  return null;
}
