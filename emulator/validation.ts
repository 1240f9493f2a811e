// Validates bodies with the contract's schemas and answers bad input as FastAPI does (422 issue list).
import type * as z from "zod/mini";
import { HttpError, type FastApiIssue as ValidationIssue } from "./http-error.ts";

type Loc = (string | number)[];
type ZodIssue = z.core.$ZodIssue;

/** Parses JSON request text; an empty body reads as undefined (a "missing" body to the schema). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const position = Number(/position (\d+)/.exec(reason)?.[1] ?? 0);
    throw new HttpError(422, [
      {
        loc: ["body", position],
        msg: "JSON decode error: the body is not valid JSON. Send a JSON object with Content-Type: application/json.",
        type: "json_invalid",
        ctx: { error: reason },
      },
    ]);
  }
}

/** Validates `value` (found at `loc`) or throws a 422 listing every problem. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  loc: Loc = ["body"],
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.infer<S>;
  throw new HttpError(422, toFastApiIssues(result.error.issues, value, loc));
}

export function toFastApiIssues(issues: readonly ZodIssue[], root: unknown, loc: Loc): ValidationIssue[] {
  return issues.flatMap((issue) => convert(issue, root, loc));
}

function convert(issue: ZodIssue, root: unknown, base: Loc): ValidationIssue[] {
  const path = [...base, ...(issue.path as (string | number)[])];
  const input = valueAt(root, issue.path as (string | number)[]);
  const custom = issue.message && issue.message !== "Invalid input" ? issue.message : undefined;
  const withInput = (entry: ValidationIssue): ValidationIssue =>
    input === undefined ? entry : { ...entry, input };
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) return [{ loc: path, msg: "Field required", type: "missing" }];
      return [withInput(typeIssue(issue.expected, input, path, custom))];
    }
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        loc: [...path, key],
        msg: `Extra inputs are not permitted: "${key}" is not a field here.`,
        type: "extra_forbidden",
      }));
    case "invalid_value":
      return [
        withInput({
          loc: path,
          msg: custom ?? `Input should be ${listChoices(issue.values.map((v) => JSON.stringify(v)))}`,
          type: "literal_error",
        }),
      ];
    case "too_small":
    case "too_big":
      return [withInput(boundIssue(issue, input, path, custom))];
    case "invalid_format":
      return [
        withInput({
          loc: path,
          msg: custom ?? `String should match the ${issue.format} format`,
          type: "string_pattern_mismatch",
        }),
      ];
    case "invalid_union":
      return unionIssues(issue.errors, root, issue.path as (string | number)[], base, path, input);
    case "custom":
      return [withInput({ loc: path, msg: custom ?? "Value error", type: "value_error" })];
    default:
      return [withInput({ loc: path, msg: custom ?? "Invalid input", type: issue.code })];
  }
}

function typeIssue(expected: string, input: unknown, loc: Loc, custom: string | undefined): ValidationIssue {
  if (custom) return { loc, msg: custom, type: `${expected}_type` };
  switch (expected) {
    case "int":
    case "number":
      return typeof input === "number"
        ? {
            loc,
            msg: "Input should be a valid integer, got a number with a fractional part",
            type: "int_from_float",
          }
        : { loc, msg: "Input should be a valid integer", type: "int_type" };
    case "string":
      return { loc, msg: "Input should be a valid string", type: "string_type" };
    case "boolean":
      return { loc, msg: "Input should be a valid boolean", type: "bool_type" };
    case "array":
      return { loc, msg: "Input should be a valid list", type: "list_type" };
    case "object":
      return {
        loc,
        msg: "Input should be a valid dictionary or object to extract fields from",
        type: "model_type",
      };
    case "null":
      return { loc, msg: "Input should be null", type: "none_required" };
    default:
      return { loc, msg: `Input should be a valid ${expected}`, type: `${expected}_type` };
  }
}

function boundIssue(
  issue: Extract<ZodIssue, { code: "too_small" | "too_big" }>,
  input: unknown,
  loc: Loc,
  custom: string | undefined,
): ValidationIssue {
  const small = issue.code === "too_small";
  const limit = Number(
    small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum,
  );
  if (issue.origin === "array") {
    const length = Array.isArray(input) ? input.length : 0;
    const items = `${limit} item${limit === 1 ? "" : "s"}`;
    return {
      loc,
      msg:
        custom ?? `List should have at ${small ? "least" : "most"} ${items} after validation, not ${length}`,
      type: small ? "too_short" : "too_long",
    };
  }
  if (issue.origin === "string") {
    const chars = `${limit} character${limit === 1 ? "" : "s"}`;
    return {
      loc,
      msg: custom ?? `String should have at ${small ? "least" : "most"} ${chars}`,
      type: small ? "string_too_short" : "string_too_long",
    };
  }
  return {
    loc,
    msg: custom ?? `Input should be ${small ? "greater" : "less"} than or equal to ${limit}`,
    type: small ? "greater_than_equal" : "less_than_equal",
  };
}

/**
 * A union failed on every branch. The branch that got furthest (deepest issue path) is the one the
 * caller meant; when none got past the top, say which shapes would have been accepted.
 */
function unionIssues(
  branches: readonly (readonly ZodIssue[])[],
  root: unknown,
  prefix: (string | number)[],
  base: Loc,
  loc: Loc,
  input: unknown,
): ValidationIssue[] {
  const depth = (issues: readonly ZodIssue[]) =>
    Math.max(...issues.map((i) => i.path.length + (i.code === "invalid_union" ? 1 : 0)));
  const ranked = [...branches]
    .filter((b) => b.length > 0)
    .sort((a, b) => depth(b) - depth(a) || a.length - b.length);
  const best = ranked[0];
  if (best && depth(best) > 0) {
    const nestedRoot = valueAt(root, prefix);
    return toFastApiIssues(best, nestedRoot, [...base, ...prefix]);
  }
  const alternatives = ranked.flatMap((branch) =>
    branch.flatMap((issue) => convert(issue, valueAt(root, prefix), loc)),
  );
  const messages = [...new Set(alternatives.map((a) => a.msg.replace(/^Input should be /, "")))];
  return [
    {
      loc,
      msg: `Input should be ${messages.join(", or ")}`,
      type: "union_type",
      ...(input !== undefined ? { input } : {}),
    },
  ];
}

function listChoices(choices: string[]): string {
  if (choices.length <= 1) return choices.join("");
  return `${choices.slice(0, -1).join(", ")} or ${choices[choices.length - 1]}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
