// A team's job posts, all-time and since a given day, and counting helpers over them.
import type { Dataset } from "../dataset/index.ts";
import type { JobPost, Team } from "../dataset/types.ts";

export interface TeamActivity {
  /** Every post of the team, newest first (all-time: the aggregated lists use these). */
  posts: JobPost[];
  /** Posts on or after the `since` day, newest first (jobs_count and first/last activity use these). */
  windowed: JobPost[];
}

export function teamActivity(team: Team, dataset: Dataset, sinceDay?: number): TeamActivity {
  const posts = dataset
    .details(dataset.orgs[team.orgIndex]!)
    .posts.filter((p) => p.teamIndex === team.index)
    .sort((a, b) => b.day - a.day || a.id - b.id);
  return { posts, windowed: sinceDay === undefined ? posts : posts.filter((p) => p.day >= sinceDay) };
}

/** Counts per key, most frequent first (ties by key). */
export function tally<K extends string | number>(keys: Iterable<K>): [K, number][] {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
