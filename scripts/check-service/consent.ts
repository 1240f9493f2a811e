// Who may let the paid check spend: --yes-spend N up front, or the person at the terminal answering y.
// With neither (a pipe, CI), the paid check is skipped: silence is never consent.
import type { Consent, PaidOffer } from "./run-checks.ts";

export interface ConsentSource {
  /** From --yes-spend; null when not given. */
  spendLimit: number | null;
  /** Asks the person at the terminal and resolves with their answer; null when there is no terminal. */
  ask: ((question: string) => Promise<string>) | null;
}

function credits(n: number): string {
  return `${n.toLocaleString("en-US")} credit${n === 1 ? "" : "s"}`;
}

export function consentQuestion(offer: PaidOffer): string {
  const balance = offer.balance === null ? "" : ` of your ${credits(offer.balance)}`;
  return `The last check is paid: ${offer.request} for ${offer.description}. It costs at most ${credits(offer.credits)}${balance}. Spend it? [y/N] `;
}

export function consentFrom(source: ConsentSource): Consent {
  return async (offer) => {
    if (source.spendLimit !== null) {
      if (offer.credits <= source.spendLimit) return { granted: true };
      return {
        granted: false,
        reason: `not sent: it costs up to ${credits(offer.credits)}, more than --yes-spend ${source.spendLimit} allows`,
      };
    }
    if (!source.ask) {
      return {
        granted: false,
        reason: `not sent: no terminal to ask on; add --yes-spend ${offer.credits} to allow ${credits(offer.credits)}`,
      };
    }
    const answer = (await source.ask(consentQuestion(offer))).trim().toLowerCase();
    return answer === "y" || answer === "yes"
      ? { granted: true }
      : { granted: false, reason: "not sent: you answered no" };
  };
}
