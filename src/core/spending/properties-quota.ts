// Apps Script's daily allowance of property reads and writes (50,000 a day on a consumer account), shared
// with the user's other scripts: the add-on cannot ask how much is left, only learn that it ran out.
const USED_UP = /Service invoked too many times for one day: properties/i;

/** Whether `error` is the platform refusing a property call because today's allowance is used up. */
export function isPropertiesQuotaError(error: unknown): boolean {
  return USED_UP.test(error instanceof Error ? error.message : String(error));
}

/**
 * What a formula says when the allowance ran out before it sent anything. The window renews 24 hours after
 * its first call, which the add-on cannot see: `latestRenewal` is now plus 24 hours, the latest it can be.
 */
export function propertiesQuotaSentence(latestRenewal: string): string {
  return `Google's daily allowance of storage calls for this account is used up, so nothing was sent and no credits were spent. Formulas fetch again once it renews, by ${latestRenewal} tomorrow at the latest.`;
}
