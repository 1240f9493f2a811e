// Shared pieces of the v9 contract: the paid-response envelope, the advanced query and error bodies.
import * as z from "zod/mini";
import { quoteInput } from "../words/quote-input";

/**
 * A schema built on its first use rather than when the bundle loads. Apps Script loads the whole
 * bundle for every formula cell, click and trigger; building all ~130 schemas costs about 18 ms a load,
 * while a formula needs two of them. Every composite schema of the contract is declared through this.
 * A proxy rather than `z.lazy`: loading then constructs no zod object at all (a `z.lazy` per schema
 * cost about a third of the bundle's top-level time), and the schema is built once, on first touch.
 */
export function onDemand<T extends z.core.SomeType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

/** A response field the service may omit or send as null (spec §2.1: every field is nullable). */
export function maybe<T extends z.core.SomeType>(schema: T) {
  return z.optional(z.nullable(schema));
}

/** Common envelope of paid responses (spec §2); a function so that nothing is built at load. */
export function envelopeShape() {
  return { id: z.string(), credits_used: z.int(), credits_remaining: z.int() };
}
export const Envelope = onDemand(() => z.object(envelopeShape()));
export type Envelope = z.infer<typeof Envelope>;

/** `YYYY-MM-DD` dates (regex only: no URL or Date parsing, which Apps Script would reject or skew). */
export const IsoDate = onDemand(() =>
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date as YYYY-MM-DD.")),
);

export const ADVANCED_QUERY_OPERATORS = [
  "AND",
  "OR",
  "EQ",
  "NOT EQ",
  "IN",
  "NOT IN",
  "IN ALL",
  "NOOP",
] as const;
export type AdvancedQueryOperator = (typeof ADVANCED_QUERY_OPERATORS)[number];

const QueryScalar = onDemand(() => z.union([z.string(), z.int()]));

export interface AdvancedQuery {
  operator: AdvancedQueryOperator;
  children?: AdvancedQuery[] | null;
  field?: string | null;
  value?: string | number | null;
  values?: (string | number)[] | null;
}

/** The structured form of an advanced query (spec §2.8). */
export const AdvancedQuery: z.ZodMiniType<AdvancedQuery> = onDemand(() =>
  z.object({
    operator: z.enum(ADVANCED_QUERY_OPERATORS),
    get children() {
      return z.optional(z.nullable(z.array(AdvancedQuery)));
    },
    field: maybe(z.string()),
    value: maybe(QueryScalar),
    values: maybe(z.array(QueryScalar)),
  }),
);

/** The text form of an advanced query: `<field> <OPERATOR> '<value>'` joined with AND. */
export const QueryText = onDemand(() =>
  z.strictObject({ query: z.string().check(z.minLength(1, "The query is empty.")) }),
);
export type QueryText = z.infer<typeof QueryText>;

/** A request filter: the text form, or the structured form (spec §2.8). */
export const QueryFilter = onDemand(() => z.union([QueryText, AdvancedQuery]));
export type QueryFilter = z.infer<typeof QueryFilter>;

/** One entry of a FastAPI-style validation error (real-service-notes §6). */
export const ValidationIssue = onDemand(() =>
  z.object({
    loc: z.array(z.union([z.string(), z.int()])),
    msg: z.string(),
    type: z.string(),
  }),
);
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Error bodies: a sentence (`{detail: "…"}`) or a FastAPI validation list. */
export const ErrorBody = onDemand(() =>
  z.object({ detail: z.union([z.string(), z.array(ValidationIssue)]) }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A non-empty list of at most `max` items. */
export function boundedList<T extends z.core.SomeType>(item: T, max: number, one: string, many: string) {
  return z
    .array(item)
    .check(
      z.minLength(1, `Send at least one ${one}.`),
      z.maxLength(max, `Send at most ${max} ${many} per request.`),
    );
}

/** Paging (`limit`, `offset`) with the bounds the service enforces. */
export function limitField(max: number) {
  return z.optional(
    z.int().check(z.gte(1, "limit must be at least 1."), z.lte(max, `limit must be at most ${max}.`)),
  );
}
export function offsetField(max: number) {
  return z.optional(
    z.int().check(z.gte(0, "offset must be 0 or more."), z.lte(max, `offset must be at most ${max}.`)),
  );
}

export const ORDER_DIRECTIONS = ["ASC", "DESC"] as const;

/** An enum whose error names the bad value and lists the valid ones (what a user needs to fix it). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.enum(values, {
    error: (issue) => `Unknown ${what} ${quoteInput(issue.input)}. Use one of: ${values.join(", ")}.`,
  });
}

/**
 * One readable line for a validation failure: where, then what. zod/mini ships without message
 * locales (to stay small in the bundle), so type mismatches are spelled out here.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  if (issue.code === "invalid_type" && issue.message === "Invalid input") {
    // zod refuses NaN and Infinity as "number" too; "expected number, received number" helps no one.
    const received =
      issue.input === null
        ? "null"
        : Array.isArray(issue.input)
          ? "array"
          : typeof issue.input === "number"
            ? quoteInput(issue.input)
            : typeof issue.input;
    return `${where}expected ${issue.expected}, received ${received}`;
  }
  if (issue.code === "unrecognized_keys")
    return `${where}unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
  if (issue.code === "invalid_union" && issue.message === "Invalid input")
    return `${where}does not match any accepted form`;
  return `${where}${issue.message}`;
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.slice(0, 3).map(describeIssue).join("; ") || "does not match the v9 schema";
}

/**
 * The unified endpoints take exactly one mode (list, filter, or for people a poll). Adds the issue and
 * returns false when the body has none or several of `keys`.
 */
export function exactlyOneMode(
  ctx: { issues: z.core.$ZodRawIssue[] },
  body: object,
  keys: readonly string[],
  messages: { none: string; many: string },
): boolean {
  const present = keys.filter((key) => (body as Record<string, unknown>)[key]).length;
  if (present === 1) return true;
  ctx.issues.push({
    code: "custom",
    path: [],
    input: body,
    message: present === 0 ? messages.none : messages.many,
  });
  return false;
}
