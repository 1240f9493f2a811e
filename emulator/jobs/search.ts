// Filter mode of POST /v9/jobs: the matching posts of the organizations in scope, newest first.
import type { JobsRequest } from "../../src/api/contract/jobs.ts";
import type { Account } from "../accounts.ts";
import type { Dataset } from "../dataset/index.ts";
import { WEB_APP_URL } from "../dataset/links.ts";
import type { JobPost } from "../dataset/types.ts";
import { HttpError } from "../http-error.ts";
import { Bitset } from "../query/bitset.ts";
import { organizationListOf } from "../saved-lists/find.ts";
import { postQuery } from "./record-query.ts";

export interface JobSearch {
  posts: JobPost[];
  sourceDataUrl: string;
}

export function searchJobs(
  filter: NonNullable<JobsRequest["filter"]>,
  account: Account,
  dataset: Dataset,
): JobSearch {
  const query = postQuery(filter.query?.query, dataset);
  let scope = query.candidates;
  const scoped = (filter.organization_ids?.length ?? 0) > 0 || filter.organization_list_id != null;
  if (scoped) {
    const named = new Bitset(dataset.index.size);
    // Unknown organization ids simply match no jobs (real OpenAPI, JobsFilter).
    for (const id of filter.organization_ids ?? []) {
      const org = dataset.lookup.byIdentifier(id);
      if (org) named.set(org.index);
    }
    if (filter.organization_list_id != null) {
      const list = organizationListOf(account, dataset, filter.organization_list_id);
      if (!list) {
        throw new HttpError(
          400,
          `filter.organization_list_id: no organization list has id ${filter.organization_list_id}; see GET /v9/organization-lists.`,
        );
      }
      for (const index of list.orgIndexes) named.set(index);
    }
    scope = scope.and(named);
  }
  const posts: JobPost[] = [];
  for (const index of scope) {
    for (const post of dataset.details(dataset.orgs[index]!).posts) if (query.matches(post)) posts.push(post);
  }
  posts.sort((a, b) => b.day - a.day || a.id - b.id);
  const params = new URLSearchParams();
  if (filter.organization_ids?.length) params.set("organization_ids", filter.organization_ids.join(","));
  if (filter.organization_list_id != null)
    params.set("organization_list_id", String(filter.organization_list_id));
  if (filter.query) params.set("query", filter.query.query);
  return { posts, sourceDataUrl: `${WEB_APP_URL}/jobs?${params.toString()}` };
}
