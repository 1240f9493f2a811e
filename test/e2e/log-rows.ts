// The Enrichment log read as facts, for exact assertions: each row's action, kind (charged, possibly charged
// after a lost answer, or settled when that proved not charged) and amount of credits. Tests compare these,
// never substrings of a sentence.
import { expect } from "vitest";
import type { Harness } from "../../harness/index.ts";
import { logRows } from "./bulk-world.ts";

export interface LogFact {
  action: string;
  /** "possibly": the row of a lost answer (its amount the most it can have cost, or null when unknown). */
  /** "settled": takes back, with a negative amount, credits a possibly-charged row above counted. */
  kind: "charged" | "possibly" | "settled";
  credits: number | null;
}

// The two sentences a possibly-charged row starts with (src/core/jobs/enrichment-log.ts, sidebar/call.ts).
const POSSIBLY_COUNTED = /^(\d[\d,]*) credits? possibly charged: /;
const POSSIBLY_UNKNOWN = /^Possibly charged, amount unknown /;
// The sentence a settling row starts with (src/core/jobs/enrichment-log.ts).
const SETTLED = /^Settled: (\d[\d,]*) credits? possibly charged above (was|were) not charged/;

export function logFacts(gas: Harness): LogFact[] {
  let rows: ReturnType<typeof logRows>;
  try {
    rows = logRows(gas);
  } catch {
    // No log sheet yet: nothing was logged.
    return [];
  }
  return rows.map((row) => {
    const result = String(row[5]);
    const counted = POSSIBLY_COUNTED.exec(result);
    if (counted) {
      expect(Number(row[3])).toBe(Number(counted[1]!.replace(/,/g, "")));
      return { action: String(row[1]), kind: "possibly", credits: Number(row[3]) };
    }
    if (POSSIBLY_UNKNOWN.test(result)) return { action: String(row[1]), kind: "possibly", credits: null };
    const settled = SETTLED.exec(result);
    if (settled) {
      expect(Number(row[3])).toBe(-Number(settled[1]!.replace(/,/g, "")));
      return { action: String(row[1]), kind: "settled", credits: Number(row[3]) };
    }
    return { action: String(row[1]), kind: "charged", credits: Number(row[3]) };
  });
}

/** The possibly-charged rows only. */
export function possiblyCharged(gas: Harness): LogFact[] {
  return logFacts(gas).filter((fact) => fact.kind === "possibly");
}
