// Buys the organization fields a formula's cache lacks: one organizations request per 1,000 unique
// identifiers (sent together with fetchAll), results cached before anything else can fail. Only a formula that
// buys runs it: the build leaves it to the formula part's lazy purchase part (scripts/lib/purchase-path.ts).
import type { OrganizationsRequest, OrganizationsResponse } from "../api/contract";
import { LIMITS } from "../api/contract/limits";
import { ApiError } from "../api/errors";
import { organizationUnitCost } from "../api/pricing";
import { settlePending } from "../core/caches/pending-answers";
import type { CachedEntity, CachedJson, EntityResult } from "../core/caches/result-cache";
import { chunk } from "../core/organizations/batching";
import { attributeLabel } from "../core/organizations/field-names";
import {
  buildSelect,
  fieldKey,
  fieldValue,
  isMatched,
  type OrgField,
} from "../core/organizations/org-fields";
import { isPropertiesQuotaError } from "../core/spending/properties-quota";
import type { FormulaEnv } from "./formula-env";
import {
  type AlsoWanted,
  cachedOrgFields,
  groupByMissing,
  ORG_SCOPE,
  type OrgRequestItem,
} from "./org-cached";

export interface FetchReport {
  requests: number;
  creditsUsed: number;
}

/** Bookkeeping after a paid answer: its failure must not lose the answer (the cell still shows it). */
export function afterPayment(step: () => unknown): void {
  try {
    step();
  } catch {
    // The answer is shown; the worst left is a cache that lacks it or an intent that outlives it.
  }
}

/** What a log row says was asked: "ORG_ATTR (Industry, salesforce people_count)". */
function fetchWhat(batches: readonly { fields: readonly OrgField[] }[]): string {
  const fields = new Set<string>();
  for (const batch of batches)
    for (const field of batch.fields)
      fields.add(field.kind === "attribute" ? attributeLabel(field.name) : `${field.term} ${field.metric}`);
  return `ORG_ATTR (${[...fields].join(", ")})`;
}

/** What a possibly-charged formula row says was not done about it, and how to buy it again. */
export const FORMULA_NOT_REPEATED =
  "its organizations are not bought again until you press Ask again in Settings ▸ Cached results";

/**
 * One possibly-charged log row for the bodies whose answer was lost after they went out: the most they
 * could have cost, so the log never says less than the service charged (a lost answer kept its intent).
 */
function logLost(
  env: FormulaEnv,
  batches: readonly { fields: OrgField[]; items: OrgRequestItem[] }[],
  most: readonly number[],
  lost: readonly number[],
): void {
  const credits = lost.reduce((sum, b) => sum + most[b]!, 0);
  if (!env.logPossible || credits === 0) return;
  env.logPossible({
    what: fetchWhat(lost.map((b) => batches[b]!)),
    credits,
    notRepeated: FORMULA_NOT_REPEATED,
  });
}

/** How many of a put's results its cache could not keep past the 6-hour level (a durable level out of room). */
function notKeptOf(outcome: unknown): number {
  if (typeof outcome !== "object" || outcome === null || !("notKept" in outcome)) return 0;
  return typeof outcome.notKept === "number" ? outcome.notKept : 0;
}

/** What the log row adds when paid answers could not be kept: they will be bought again, and why. */
export function notKeptNote(notKept: number): string {
  const answers = notKept === 1 ? "1 answer" : `${notKept.toLocaleString("en-US")} answers`;
  return `${answers} could not be kept past 6 hours (this spreadsheet's storage for cached answers is full): open the sidebar or the add-on menu within 6 hours to file them in the purchase record, or they will be bought again after that.`;
}

/**
 * One log row for the batches a fetch paid for: what was asked, how many matched, what it cost, and how
 * many answers the cache could not keep (never a silent loss: the user learns they will be bought again).
 */
function logCharge(
  env: FormulaEnv,
  batches: readonly { fields: OrgField[]; items: OrgRequestItem[] }[],
  outcomes: readonly ({ ok: true; value: OrganizationsResponse } | { ok: false })[],
  creditsUsed: number,
  notKept: number,
): void {
  if (!env.logCharge) return;
  let asked = 0;
  let matched = 0;
  const answered: { fields: OrgField[] }[] = [];
  outcomes.forEach((outcome, b) => {
    if (!outcome.ok) return;
    const batch = batches[b]!;
    answered.push(batch);
    asked += batch.items.length;
    matched += outcome.value.organizations.filter((row) => row && isMatched(row)).length;
  });
  env.logCharge({
    what: fetchWhat(answered),
    rows: asked,
    creditsUsed,
    creditsRemaining: env.client().creditsRemaining,
    result: `${matched} matched, ${asked - matched} not matched${notKept > 0 ? `. ${notKeptNote(notKept)}` : ""}`,
  });
}
/**
 * Every requested field of every item: from the cache where it is there, from the service where not.
 * Returns the entities by key (unmatched ones as `{matched: false}`) and what was sent and spent. In a cell,
 * call it inside the document lock (org-formula does): the check for requests in flight and the intents
 * it writes must not interleave with another execution's.
 */
export function fetchOrgFields(
  env: FormulaEnv,
  wanted: readonly OrgRequestItem[],
  fields: readonly OrgField[],
  also: AlsoWanted = new Map(),
): { entities: Map<string, CachedEntity>; report: FetchReport; held: Map<string, string> } {
  const { entities, held, missing } = cachedOrgFields(env, wanted, fields);
  // What the other formulas ask of these organizations is read from the cache too: cached, it is not bought.
  const alsoKeys = [...new Set([...also.values()].flat().map(fieldKey))].filter(
    (k) => !fields.some((f) => fieldKey(f) === k),
  );
  const alsoCached =
    alsoKeys.length > 0 && missing.length > 0
      ? env.cache.get(
          ORG_SCOPE,
          missing.map((i) => i.key),
          alsoKeys,
        )
      : new Map<string, CachedEntity>();
  const report: FetchReport = { requests: 0, creditsUsed: 0 };
  const bodies: OrganizationsRequest[] = [];
  const batches: { fields: OrgField[]; items: OrgRequestItem[] }[] = [];
  let upperBound = 0;
  // The most each body can cost: what a body whose answer is lost may have charged.
  const most: number[] = [];
  const known = new Map(entities);
  for (const [key, hit] of alsoCached) {
    const own = known.get(key);
    if (hit.matched && own?.matched !== false) {
      known.set(key, { matched: true, values: { ...hit.values, ...(own?.values ?? {}) } });
    }
  }
  for (const group of groupByMissing(missing, fields, known, also).values()) {
    const select = buildSelect(group.fields);
    const unit = organizationUnitCost(select).credits;
    for (const part of chunk(group.items, LIMITS.listMax)) {
      bodies.push({ organizations: part.map((i) => i.input), select });
      batches.push({ fields: group.fields, items: part });
      most.push(unit * part.length);
      upperBound += unit * part.length;
    }
  }
  if (bodies.length === 0) return { entities, report, held };
  // Inside the lock, before buying: answers an earlier purchase kept waiting for the quota become durable.
  if (env.pending && !env.pending.none()) {
    const pending = env.pending;
    const intents = env.intents();
    afterPayment(() =>
      settlePending(
        pending,
        (scope, results) => env.cache.put(scope, results),
        (key) => intents.settle([key]),
      ),
    );
  }

  const guard = env.guard();
  // No record, no spend: the guard holds room for its record before anything is sent.
  const allowed = guard.admit(upperBound);
  if (!allowed.ok) throw new Error(allowed.message);
  // Every property call the send needs comes before the intents (the client's key and address, the day's
  // fetch count): a store that refuses one sends nothing and leaves no intent claiming a possible charge.
  const client = env.client();
  env.bookFetches?.(bodies.length);

  // The intents go down before anything is sent, every body's in one write to the document's properties:
  // an execution killed in flight leaves them behind, for as long as the user keeps them. No record, no
  // spend: a store without room for them throws the sentence that says so, and nothing is sent.
  const intents = env.intents();
  const intentKeys = intents.open(
    batches.map((batch, b) => ({
      entityKeys: batch.items.map((i) => i.key),
      fieldKeys: batch.fields.map(fieldKey),
      most: most[b]!,
      ...(env.endsBy ? { endsBy: env.endsBy } : {}),
    })),
    Date.now(),
  );
  const settle = (bodyIndexes: readonly number[]) => intents.settle(bodyIndexes.map((b) => intentKeys[b]!));
  let outcomes: ReturnType<ReturnType<FormulaEnv["client"]>["organizationsMany"]>;
  try {
    outcomes = client.organizationsMany(bodies);
  } catch (error) {
    // Nothing can have been charged unless the request may have gone out.
    if (!(error instanceof ApiError && error.outcomeUnknown))
      afterPayment(() => settle(batches.map((_, b) => b)));
    throw error;
  }
  report.requests = bodies.length;
  let firstError: Error | null = null;
  let notKept = 0;
  const paid: { b: number; results: EntityResult[] }[] = [];
  const lost: number[] = [];
  outcomes.forEach((outcome, b) => {
    const batch = batches[b]!;
    if (!outcome.ok) {
      firstError ??= outcome.error;
      // An answer lost after the request went out keeps its intent; a plain refusal charged nothing.
      if (outcome.error instanceof ApiError && outcome.error.outcomeUnknown) lost.push(b);
      else afterPayment(() => settle([b]));
      return;
    }
    report.creditsUsed += outcome.value.credits_used;
    const results: EntityResult[] = batch.items.map((item, i) => {
      const row = outcome.value.organizations[i];
      if (!row || !isMatched(row)) return { entityKey: item.key, matched: false };
      const values: Record<string, CachedJson> = {};
      for (const field of batch.fields) values[fieldKey(field)] = fieldValue(row, field);
      return { entityKey: item.key, matched: true, values };
    });
    paid.push({ b, results });
    for (const result of results) {
      const known = entities.get(result.entityKey);
      if (!result.matched) entities.set(result.entityKey, { matched: false });
      else
        entities.set(result.entityKey, {
          matched: true,
          values: { ...(known?.matched ? known.values : {}), ...result.values },
        });
    }
  });
  // Paid results go into the cache first, so a later failure never makes them be bought again: every
  // body's in one write, so that what the durable level drops for room is counted whichever body it was
  // (one write per body pushed earlier bodies' answers out unsaid). A cache that cannot take them still
  // leaves the answers in hand: bookkeeping never turns it into an error. The day's properties quota
  // refusing the durable copy or an intent's settling leaves both to the answers kept waiting in the
  // document cache (no daily quota), settled by a later execution.
  const all = paid.flatMap((p) => p.results);
  let putQuotaOut = false;
  if (all.length > 0)
    afterPayment(() => {
      try {
        notKept += notKeptOf(env.cache.put(ORG_SCOPE, all));
      } catch (error) {
        if (isPropertiesQuotaError(error) && env.pending) putQuotaOut = true;
        else notKept += all.length;
        throw error;
      }
    });
  for (const { b, results } of paid) {
    let quotaOut = putQuotaOut;
    afterPayment(() => {
      try {
        settle([b]);
      } catch (error) {
        if (isPropertiesQuotaError(error) && env.pending) quotaOut = true;
        throw error;
      }
    });
    if (!quotaOut) continue;
    // Kept with the time it was fetched, so its age reads true when it becomes durable later.
    const fetchedAt = Date.now();
    const kept = results.map((result) => ({ ...result, fetchedAt }));
    if (!env.pending?.keep({ intentKey: intentKeys[b]!, scope: ORG_SCOPE, results: kept }))
      notKept += results.length;
  }
  afterPayment(() => guard.record(report.creditsUsed));
  if (report.creditsUsed > 0)
    afterPayment(() => logCharge(env, batches, outcomes, report.creditsUsed, notKept));
  // Logged once: the intents are marked, so the sweep of dead executions' requests leaves them be.
  if (lost.length > 0) {
    afterPayment(() => logLost(env, batches, most, lost));
    afterPayment(() => intents.logged(lost.map((b) => intentKeys[b]!)));
  }
  if (firstError) throw firstError;
  return { entities, report, held };
}
