// Builds the priority-signal digest: one summary item per organization with several recent signals.
import { DAY_MS, epochDay } from "../dates.ts";
import type { SignalRecord } from "./signals.ts";
import type { Organization } from "./types.ts";

export interface PrioritySignalRecord {
  id: number;
  orgIndex: number;
  headline: string;
  content: string;
  /** Epoch day of the newest source signal. */
  day: number;
  signalIds: number[];
  personIds: number[];
  jobPostIds: number[];
}

const DIGEST_WINDOW_DAYS = 30;

export function generatePrioritySignals(
  orgs: readonly Organization[],
  signals: readonly SignalRecord[],
  today: number,
): PrioritySignalRecord[] {
  const byOrg = new Map<number, SignalRecord[]>();
  for (const signal of signals) {
    if (signal.at < (today - DIGEST_WINDOW_DAYS) * DAY_MS) continue;
    const list = byOrg.get(signal.orgIndex) ?? [];
    list.push(signal);
    byOrg.set(signal.orgIndex, list);
  }
  const items: PrioritySignalRecord[] = [];
  for (const [orgIndex, list] of byOrg) {
    if (list.length < 2) continue;
    const org = orgs[orgIndex]!;
    const sorted = [...list].sort((a, b) => b.at - a.at || a.id - b.id);
    const lead = sorted[0]!;
    const others = sorted.length - 1;
    items.push({
      id: 9001 + items.length,
      orgIndex,
      headline: `${org.name}: ${lead.displayType} and ${others} more signal${others === 1 ? "" : "s"}`,
      content: `${sorted.map((s) => s.title).join(". ")}. ${lead.salesAngle}`,
      day: epochDay(lead.at),
      signalIds: sorted.map((s) => s.id),
      personIds: [...new Set(sorted.flatMap((s) => (s.person ? [s.person.id] : [])))],
      jobPostIds: [...new Set(sorted.flatMap((s) => (s.jobPostId !== undefined ? [s.jobPostId] : [])))],
    });
  }
  return items;
}
