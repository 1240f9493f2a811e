// Signals, priority signals, relevance feedback and signal configs (spec §2.5–2.7, §4.6).
import * as z from "zod/mini";
import { AdvancedQuery, envelopeShape, limitField, maybe, offsetField, onDemand, oneOf } from "./common";
import { LIMITS } from "./limits";

export const SIGNAL_PRIORITIES = ["high", "medium", "low"] as const;
export const ACCOUNT_STATUSES = ["customer", "prospect", "not_in_crm"] as const;

export const SuggestedContacts = onDemand(() =>
  z.object({
    people: z.array(
      z.object({
        person_id: maybe(z.int()),
        name: maybe(z.string()),
        title: maybe(z.string()),
        linkedin_url: maybe(z.string()),
        score: maybe(z.number()),
      }),
    ),
    service_url: maybe(z.string()),
  }),
);

/**
 * The spec lists `signal_id` as required, but the real service's own example omits it, so the client
 * accepts its absence (refresh then de-duplicates on other fields); the emulator always sends it.
 */
export const Signal = onDemand(() =>
  z.object({
    signal_id: maybe(z.int()),
    title: z.string(),
    display_type: z.string(),
    date: z.string(),
    subtitle: maybe(z.string()),
    explanation: maybe(z.string()),
    sales_angle: maybe(z.string()),
    service_url: maybe(z.string()),
    type: maybe(z.string()),
    organization_name: maybe(z.string()),
    organization_id: maybe(z.int()),
    job_post_id: maybe(z.int()),
    person_id: maybe(z.int()),
    matched_technologies: maybe(
      z.array(z.object({ name: z.string(), slug: z.string(), label: maybe(z.string()) })),
    ),
    linkedin_url: maybe(z.string()),
    location: maybe(z.string()),
    job_function: maybe(z.string()),
    priority: maybe(z.string()),
    signal_config_id: maybe(z.int()),
    signal_config_name: maybe(z.string()),
    account_status: maybe(z.enum(ACCOUNT_STATUSES)),
    suggested_contacts: maybe(SuggestedContacts),
  }),
);
export type Signal = z.infer<typeof Signal>;

const ids = () => maybe(z.array(z.int()));
const strings = () => maybe(z.array(z.string()));

export const SignalsRequest = onDemand(() =>
  z.strictObject({
    filter: z.optional(
      z.strictObject({
        signal_ids: ids(),
        organization_ids: ids(),
        person_ids: ids(),
        signal_config_ids: ids(),
        account_list_ids: ids(),
        technology_slugs: strings(),
        job_functions: strings(),
        priorities: maybe(z.array(oneOf(SIGNAL_PRIORITIES, "priority"))),
      }),
    ),
    limit: limitField(LIMITS.signalsLimitMax),
    offset: offsetField(LIMITS.signalsOffsetMax),
  }),
);
export type SignalsRequest = z.infer<typeof SignalsRequest>;

export const SignalsResponse = onDemand(() => z.object({ ...envelopeShape(), signals: z.array(Signal) }));
export type SignalsResponse = z.infer<typeof SignalsResponse>;

export const PrioritySignal = onDemand(() =>
  z.object({
    id: z.int(),
    url: z.string(),
    headline: z.string(),
    content: z.string(),
    date: z.string(),
    signal_ids: z.optional(z.array(z.int())),
    organization_ids: z.optional(z.array(z.int())),
    person_ids: z.optional(z.array(z.int())),
    job_post_ids: z.optional(z.array(z.int())),
    is_relevant: maybe(z.boolean()),
  }),
);
export type PrioritySignal = z.infer<typeof PrioritySignal>;

export const PrioritySignalsRequest = onDemand(() =>
  z.strictObject({
    filter: z.optional(
      z.strictObject({
        signal_ids: ids(),
        organization_ids: ids(),
        person_ids: ids(),
        job_post_ids: ids(),
        is_relevant: maybe(z.boolean()),
      }),
    ),
    limit: limitField(LIMITS.prioritySignalsLimitMax),
    offset: offsetField(LIMITS.prioritySignalsOffsetMax),
  }),
);
export type PrioritySignalsRequest = z.infer<typeof PrioritySignalsRequest>;

export const PrioritySignalsResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    priority_signals: z.array(PrioritySignal),
  }),
);
export type PrioritySignalsResponse = z.infer<typeof PrioritySignalsResponse>;

/** `{}` or `{is_relevant: null}` clears the feedback (spec §4.6, notes §10). */
export const RelevanceRequest = onDemand(() => z.strictObject({ is_relevant: maybe(z.boolean()) }));
export type RelevanceRequest = z.infer<typeof RelevanceRequest>;

export const RelevanceResponse = onDemand(() => z.object({ id: z.int(), is_relevant: maybe(z.boolean()) }));
export type RelevanceResponse = z.infer<typeof RelevanceResponse>;

export const SignalConfig = onDemand(() =>
  z.object({
    id: z.int(),
    name: z.string(),
    slug: maybe(z.string()),
    type: maybe(z.string()),
    priority: maybe(z.string()),
    scope: maybe(z.string()),
    service_url: maybe(z.string()),
    sort_order: maybe(z.int()),
    days: maybe(z.int()),
    filter_by: maybe(z.string()),
    advanced_query: maybe(AdvancedQuery),
    signal_count_7d: maybe(z.int()),
  }),
);
export type SignalConfig = z.infer<typeof SignalConfig>;

export const SignalConfigsRequest = onDemand(() =>
  z.strictObject({
    filter: z.optional(
      z.strictObject({
        types: strings(),
        priorities: strings(),
        signal_config_ids: ids(),
      }),
    ),
  }),
);
export type SignalConfigsRequest = z.infer<typeof SignalConfigsRequest>;

/** Signal configs are free: the real response has no envelope, so it is optional here. */
export const SignalConfigsResponse = onDemand(() =>
  z.object({
    id: z.optional(z.string()),
    credits_used: z.optional(z.int()),
    credits_remaining: z.optional(z.int()),
    signal_configs: z.array(SignalConfig),
  }),
);
export type SignalConfigsResponse = z.infer<typeof SignalConfigsResponse>;
