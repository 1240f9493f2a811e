// Bad request bodies become FastAPI-style 422 issues with a location, a message and a type.
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { HttpError } from "../../../emulator/http-error.ts";
import { parseJsonBody, validate } from "../../../emulator/validation.ts";

const Schema = z.strictObject({
  id: z.int(),
  name: z.optional(z.string()),
  flag: z.optional(z.boolean()),
  tags: z.optional(z.array(z.string()).check(z.maxLength(2))),
  ids: z.optional(z.array(z.int()).check(z.minLength(1))),
  kind: z.optional(z.enum(["a", "b", "c"])),
  limit: z.optional(z.int().check(z.gte(1), z.lte(200, "limit must be at most 200."))),
  metrics: z.optional(z.union([z.array(z.enum(["x", "y"])), z.literal("all")])),
  nested: z.optional(z.strictObject({ deep: z.string() })),
});

function issues(value: unknown) {
  try {
    validate(Schema, value);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    return (error as HttpError).detail;
  }
  throw new Error("expected a validation error");
}

describe("validate", () => {
  it("returns the parsed value when it is valid", () => {
    expect(validate(Schema, { id: 1, metrics: "all" })).toEqual({ id: 1, metrics: "all" });
  });

  it("reports a missing body and missing fields as Field required", () => {
    expect(issues(undefined)).toEqual([{ loc: ["body"], msg: "Field required", type: "missing" }]);
    expect(issues({})).toEqual([{ loc: ["body", "id"], msg: "Field required", type: "missing" }]);
  });

  it("names the expected type the way pydantic does", () => {
    expect(issues({ id: "1", name: 5, flag: "yes", tags: "a", nested: 3 })).toEqual([
      { loc: ["body", "id"], msg: "Input should be a valid integer", type: "int_type", input: "1" },
      { loc: ["body", "name"], msg: "Input should be a valid string", type: "string_type", input: 5 },
      { loc: ["body", "flag"], msg: "Input should be a valid boolean", type: "bool_type", input: "yes" },
      { loc: ["body", "tags"], msg: "Input should be a valid list", type: "list_type", input: "a" },
      {
        loc: ["body", "nested"],
        msg: "Input should be a valid dictionary or object to extract fields from",
        type: "model_type",
        input: 3,
      },
    ]);
    expect(issues({ id: 1.5 })).toEqual([
      {
        loc: ["body", "id"],
        msg: "Input should be a valid integer, got a number with a fractional part",
        type: "int_from_float",
        input: 1.5,
      },
    ]);
  });

  it("lists the allowed values of an enum and refuses extra fields", () => {
    expect(issues({ id: 1, kind: "z", extra: true })).toEqual([
      { loc: ["body", "kind"], msg: 'Input should be "a", "b" or "c"', type: "literal_error", input: "z" },
      {
        loc: ["body", "extra"],
        msg: 'Extra inputs are not permitted: "extra" is not a field here.',
        type: "extra_forbidden",
      },
    ]);
  });

  it("reports bounds with the schema's own message when it has one", () => {
    expect(issues({ id: 1, limit: 500, tags: ["a", "b", "c"], ids: [] })).toEqual([
      {
        loc: ["body", "tags"],
        msg: "List should have at most 2 items after validation, not 3",
        type: "too_long",
        input: ["a", "b", "c"],
      },
      {
        loc: ["body", "ids"],
        msg: "List should have at least 1 item after validation, not 0",
        type: "too_short",
        input: [],
      },
      { loc: ["body", "limit"], msg: "limit must be at most 200.", type: "less_than_equal", input: 500 },
    ]);
    expect(issues({ id: 1, limit: 0 })).toEqual([
      {
        loc: ["body", "limit"],
        msg: "Input should be greater than or equal to 1",
        type: "greater_than_equal",
        input: 0,
      },
    ]);
  });

  it("follows the union branch the caller meant, or lists the accepted shapes", () => {
    expect(issues({ id: 1, metrics: ["x", "nope"] })).toEqual([
      {
        loc: ["body", "metrics", 1],
        msg: 'Input should be "x" or "y"',
        type: "literal_error",
        input: "nope",
      },
    ]);
    expect(issues({ id: 1, metrics: 7 })).toEqual([
      {
        loc: ["body", "metrics"],
        msg: 'Input should be a valid list, or "all"',
        type: "union_type",
        input: 7,
      },
    ]);
  });

  it("locates issues under a given prefix", () => {
    expect(() => validate(Schema, { id: "x" }, ["query"])).toThrow(HttpError);
    try {
      validate(Schema, { id: "x" }, ["query"]);
    } catch (error) {
      expect((error as HttpError).detail).toEqual([
        { loc: ["query", "id"], msg: "Input should be a valid integer", type: "int_type", input: "x" },
      ]);
    }
  });
});

describe("parseJsonBody", () => {
  it("reads JSON and treats an empty body as missing", () => {
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody("  ")).toBeUndefined();
  });

  it("answers malformed JSON with a json_invalid issue that says what to send", () => {
    try {
      parseJsonBody("{bad");
      expect.unreachable();
    } catch (error) {
      expect((error as HttpError).status).toBe(422);
      expect((error as HttpError).detail).toEqual([
        {
          loc: ["body", 1],
          msg: "JSON decode error: the body is not valid JSON. Send a JSON object with Content-Type: application/json.",
          type: "json_invalid",
          ctx: { error: expect.stringContaining("position 1") },
        },
      ]);
    }
  });
});
