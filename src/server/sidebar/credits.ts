// Answers what the credits chip and Settings show, from the one money record every paid answer updates
// (src/platform/money-store.ts), and folds in a balance the sidebar reads itself.

import { resolveApiKey } from "../../core/settings";
import { foldRead, moneyView } from "../../core/spending/money-record";
import { keepMoneyDurably, readMoney, updateMoney } from "../../platform/money-store";
import { propertyStore } from "../../platform/properties";
import { formatDay, today, zoneName } from "../../platform/spreadsheet-time";
import { flushDeferredLogHere } from "../log/deferred-log";
import { fetchAllowance, keyFingerprint } from "../runtime";
import type { CreditsView } from "./credits-record";

/** The fingerprint of the API key in effect, or null without one: records kept per key compare it. */
export function currentKeyFingerprint(): string | null {
  const resolved = resolveApiKey(propertyStore("user"), propertyStore("script")!);
  return resolved ? keyFingerprint(resolved.key) : null;
}

/**
 * The balance and today's spending to show. A cache read when nothing was paid since the last read; after
 * a paid answer, the durable copy is brought up to date too (the sidebar may write the user's properties).
 */
export function currentCredits(): CreditsView | null {
  const key = currentKeyFingerprint();
  if (!key) return null;
  const record = readMoney();
  if (!record) return null;
  // Something was paid since the last read: formulas may have left log rows for the sheet to take.
  if (keepMoneyDurably(record)) appendKeptLog();
  const view = moneyView(record, key, today());
  return view && { ...view, zone: zoneName(), version: `${view.version}|${requestsCounted()}` };
}

/**
 * The requests counted against the day's UrlFetch allowance, in the version the sidebar compares: free
 * requests move Settings' "Requests to the service" without moving the money record (a property read).
 */
function requestsCounted(): number | "" {
  try {
    return fetchAllowance().status().used;
  } catch {
    return "";
  }
}

/** Appends the Enrichment-log rows formulas (and crowded-out sidebar actions) kept; they stay kept on failure. */
export function appendKeptLog(): void {
  flushDeferredLogHere();
}

/** Records a balance the sidebar has just read from the service (free) with the key in effect. */
export function noteBalance(remaining: number, at: Date): CreditsView {
  const asOf = at.toISOString();
  const key = currentKeyFingerprint();
  const read: CreditsView = {
    remaining,
    asOf,
    from: "read",
    topUp: remaining,
    spentToday: 0,
    formulasToday: 0,
    possiblyToday: 0,
    balanceBeforeLoss: false,
    version: "",
  };
  // Only when another execution removed the key meanwhile: show the figure, keep no record of it.
  if (!key) return { ...read, zone: zoneName() };
  const day = formatDay(at);
  const record = updateMoney((before) => foldRead(before, { key, remaining, at: asOf }, day));
  if (record) keepMoneyDurably(record);
  return { ...(moneyView(record, key, day) ?? read), zone: zoneName() };
}
