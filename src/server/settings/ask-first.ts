// How small a paid sidebar action may be and still run without asking first: the person's own choice,
// kept in their user properties; 0 (the default) means every paid action asks.

import { quoteInput } from "../../api/words/quote-input";
import { RequestError } from "../../core/text/user-errors";
import { propertyStore } from "../../platform/properties";

const ASK_UNDER_PROPERTY = "ask_paid_under";
/** The most a person may let through without a question: small charges only. */
export const ASK_UNDER_MAX = 100;

export function getAskUnder(): number {
  const value = Number(propertyStore("user")?.get(ASK_UNDER_PROPERTY) ?? "0");
  return Number.isInteger(value) && value >= 0 && value <= ASK_UNDER_MAX ? value : 0;
}

export function saveAskUnder(input: unknown): number {
  if (typeof input !== "number" || !Number.isInteger(input) || input < 0 || input > ASK_UNDER_MAX) {
    throw new RequestError(
      `Asking first can be skipped only under a whole number of credits from 0 to ${ASK_UNDER_MAX}; got ${quoteInput(input)}.`,
    );
  }
  propertyStore("user")!.put(ASK_UNDER_PROPERTY, String(input));
  return input;
}
