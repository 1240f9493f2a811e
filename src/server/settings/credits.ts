// Keeps the sidebar's credit record in the user's properties (it must outlive the 6-hour cache that holds
// the latest paid response) and answers what the credits chip shows.
import { fnv1a32 } from "../../core/caches/hash";
import { resolveApiKey } from "../../core/settings";
import { propertyStore } from "../../platform/properties";
import { today } from "../../platform/spreadsheet-time";
import { lastCredits } from "../runtime";
import {
  type CreditsRecord,
  type CreditsView,
  countDay,
  creditsView,
  observeBalance,
  parseCreditsRecord,
  reconcileBalance,
} from "./credits-record";

/** User property holding the record; per user, like the key whose balance it tracks. */
export const CREDITS_RECORD_PROPERTY = "SIDEBAR_CREDITS";

/** Identifies the key in effect without storing anything that could be used as the key. */
function keyFingerprint(): string | null {
  const resolved = resolveApiKey(propertyStore("user"), propertyStore("script")!);
  return resolved ? fnv1a32(resolved.key).toString(36) : null;
}

/** Stores the record with today's count kept, and returns what the sidebar shows of it. */
function store(next: CreditsRecord, before: CreditsRecord | null): CreditsView | null {
  const day = today();
  const record = countDay(before, next, day);
  if (JSON.stringify(record) !== JSON.stringify(before)) {
    try {
      propertyStore("user")!.put(CREDITS_RECORD_PROPERTY, JSON.stringify(record));
    } catch {
      // A full user store: the balance is still shown, and Settings must open to free room.
    }
  }
  return creditsView(record, day);
}

function load(): CreditsRecord | null {
  return parseCreditsRecord(propertyStore("user")!.get(CREDITS_RECORD_PROPERTY));
}

/** The balance to show: the sidebar's own reading, or a newer one from any paid response since. */
export function currentCredits(): CreditsView | null {
  const key = keyFingerprint();
  if (!key) return null;
  const before = load();
  const last = lastCredits();
  const record = reconcileBalance(before, {
    key,
    latest: last?.creditsRemaining ?? null,
    latestAt: last?.at ?? null,
  });
  return store(record, before);
}

/** Records a balance the sidebar has just read from the service with the key in effect. */
export function noteBalance(remaining: number, at: Date): CreditsView {
  const asOf = at.toISOString();
  const key = keyFingerprint();
  // Only when another execution removed the key meanwhile: show the figure, keep no record of it.
  if (!key) return { remaining, asOf, topUp: remaining, spentToday: 0 };
  const before = load();
  const latest = lastCredits()?.creditsRemaining ?? null;
  const record = observeBalance(before, { key, remaining, at: asOf, latest });
  return store(record, before)!;
}
