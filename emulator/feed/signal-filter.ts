// The signal feed's search: the filters of POST /v9/signals, the 30-day window, newest first.

import { LIMITS } from "../../src/api/contract/limits.ts";
import type { SignalsRequest } from "../../src/api/contract/signals.ts";
import type { Account } from "../accounts.ts";
import { findJobFunction, JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import { findTechnology } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import type { SignalRecord } from "../dataset/signals.ts";
import { DAY_MS } from "../dates.ts";
import { HttpError, validationError } from "../http-error.ts";
import { accountLists } from "../lists/account-lists.ts";

type Filter = NonNullable<SignalsRequest["filter"]>;

/** A filter field constrains the search only when it lists something (null and [] filter nothing). */
function given<T>(values: readonly T[] | null | undefined): values is readonly T[] {
  return (values?.length ?? 0) > 0;
}

function indexesOf(
  names: readonly string[],
  field: string,
  find: (name: string) => number | undefined,
  what: string,
  hint: string,
): Set<number> {
  const out = new Set<number>();
  names.forEach((name, i) => {
    const index = find(name);
    if (index === undefined) {
      throw validationError(
        ["body", "filter", field, i],
        `Unknown ${what} "${name}". ${hint}`,
        "value_error",
        name,
      );
    }
    out.add(index);
  });
  return out;
}

export function searchSignals(
  filter: Filter,
  account: Account,
  dataset: Dataset,
  now: number,
): SignalRecord[] {
  const tests: ((s: SignalRecord) => boolean)[] = [];
  const orgs = dataset.orgs;
  if (given(filter.signal_ids)) {
    const ids = new Set(filter.signal_ids);
    tests.push((s) => ids.has(s.id));
  } else {
    const since = now - LIMITS.signalsWindowDays * DAY_MS;
    tests.push((s) => s.at >= since);
  }
  if (given(filter.organization_ids)) {
    const ids = new Set(filter.organization_ids);
    tests.push((s) => ids.has(orgs[s.orgIndex]!.id));
  }
  if (given(filter.person_ids)) {
    const ids = new Set(filter.person_ids);
    tests.push((s) => s.person !== undefined && ids.has(s.person.id));
  }
  if (given(filter.signal_config_ids)) {
    const ids = new Set(filter.signal_config_ids);
    tests.push((s) => ids.has(s.configId));
  }
  if (given(filter.priorities)) {
    const wanted = new Set<string>(filter.priorities);
    const priority = new Map(dataset.signalConfigs.map((c) => [c.id, c.priority]));
    tests.push((s) => wanted.has(priority.get(s.configId)!));
  }
  if (given(filter.technology_slugs)) {
    const techs = indexesOf(
      filter.technology_slugs,
      "technology_slugs",
      (slug) => findTechnology(slug)?.index,
      "technology slug",
      "Look slugs up with POST /v9/technologies/find or /v9/technologies/lookup.",
    );
    tests.push((s) => s.techs.some((t) => techs.has(t)));
  }
  if (given(filter.job_functions)) {
    const functions = indexesOf(
      filter.job_functions,
      "job_functions",
      (name) => findJobFunction(name)?.index,
      "job function",
      "Use a job function name such as 'Engineer' or 'Account Executive'.",
    );
    tests.push(
      (s) =>
        s.jobFunction !== undefined && JOB_FUNCTIONS[s.jobFunction]!.ancestry.some((a) => functions.has(a)),
    );
  }
  const lists = accountLists(account, dataset).organizationLists;
  if (given(filter.account_list_ids)) {
    const members = new Set<number>();
    for (const id of filter.account_list_ids) {
      const list = lists.find((l) => l.id === id);
      if (!list) {
        throw new HttpError(
          400,
          `filter.account_list_ids: no organization list has id ${id} for this API key; see GET /v9/organization-lists.`,
        );
      }
      for (const index of list.orgIndexes) members.add(index);
    }
    tests.push((s) => members.has(s.orgIndex));
  } else if (!given(filter.organization_ids) && !given(filter.signal_ids)) {
    // The unfiltered feed leaves out organizations that are only on lists excluded from signals.
    const included = new Set<number>();
    const excluded = new Set<number>();
    for (const list of lists) {
      if (list.deleted) continue;
      for (const index of list.orgIndexes) (list.includeInSignals ? included : excluded).add(index);
    }
    tests.push((s) => !excluded.has(s.orgIndex) || included.has(s.orgIndex));
  }
  return dataset
    .signals()
    .filter((s) => tests.every((test) => test(s)))
    .sort((a, b) => b.at - a.at || a.id - b.id);
}
