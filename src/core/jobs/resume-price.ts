// The most pressing Resume can cost a resting job, and how that bound is made, so the sidebar can show it
// beside the button before the click (and ask first above the person's threshold).

import { PRICES } from "../../api/contract";
import { organizationUnitCost } from "../../api/pricing";
import { formatCount, plural } from "../../api/words/format";
import { chunkBounds, chunkCount, isChunkDone } from "../bulk/state";
import { buildSelect } from "../organizations/org-fields";
import type { Job } from "./job";

export interface ResumePrice {
  /** The most a resume can charge. */
  credits: number;
  /** How the bound is made: "up to 400 rows × 3 credits". */
  bound: string;
}

/**
 * A bulk run buys at most every row still to do at the fields' unit price (repeats and unmatched rows cost
 * less, lost chunks are never bought again by Resume); briefs cost the brief price per pending one; a people
 * search costs its estimate unless it is already paid (then fetching its people is free).
 */
export function resumePrice(job: Job): ResumePrice {
  if (job.kind === "bulk") {
    const state = job.bulk;
    const lost = new Set(state.lost ?? []);
    let rows = 0;
    for (let index = 0; index < chunkCount(state); index++) {
      if (isChunkDone(state, index) || lost.has(index)) continue;
      const { start, end } = chunkBounds(state, index);
      rows += end - start;
    }
    const unit = organizationUnitCost(buildSelect(state.request.fields)).credits;
    return { credits: rows * unit, bound: `up to ${plural(rows, "row")} × ${plural(unit, "credit")}` };
  }
  if (job.kind === "briefs") {
    const pending = job.briefs.items.filter((item) => item.state === "pending").length;
    return {
      credits: pending * PRICES.brief,
      bound: `up to ${plural(pending, "brief")} × ${formatCount(PRICES.brief)} credits`,
    };
  }
  // A search whose paying poll was lost is paid too: the service charges a search once (see paidPeople).
  const paid = job.people.creditsSpent > 0 || (job.people.possiblyCharged ?? 0) > 0;
  return paid
    ? { credits: 0, bound: "the search is paid; fetching its people is free" }
    : { credits: job.people.estimate, bound: "the search's estimate" };
}
