// Charging credits: one all-or-nothing debit per request and a ledger entry for each charge.
import type { Account, LedgerEntry } from "./accounts.ts";
import { HttpError } from "./http-error.ts";

/** 402 unless the account can pay `amount`; nothing is taken. */
export function requireBalance(account: Account, amount: number): void {
  if (amount > account.credits) {
    throw new HttpError(
      402,
      `Insufficient credits: this request costs ${amount} credits and the account has ${account.credits}. Add credits or request less.`,
    );
  }
}

/** Takes `amount` credits (402 when the balance is short) and records it in the ledger. */
export function debit(
  account: Account,
  amount: number,
  entry: Omit<LedgerEntry, "credits" | "balance_after">,
): void {
  requireBalance(account, amount);
  if (amount === 0) return;
  account.credits -= amount;
  account.ledger.push({ ...entry, credits: amount, balance_after: account.credits });
}
