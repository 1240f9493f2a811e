// Kept formula answers in words, one phrase for Settings, its clear button and Storage (issue 29 point 1).
import { formatNumber } from "./format";
import type { SettingsView } from "./server-types";

export type KeptAnswers = SettingsView["kept"];

/** "answers for 40 organizations and 3 job-title and technology lookups": the unit Check this sheet counts. */
export function keptWords(kept: KeptAnswers): string {
  const organizations = `answers for ${formatNumber(kept.organizations)} organization${kept.organizations === 1 ? "" : "s"}`;
  if (kept.lookups === 0) return organizations;
  return `${organizations} and ${formatNumber(kept.lookups)} job-title and technology lookup${kept.lookups === 1 ? "" : "s"}`;
}
