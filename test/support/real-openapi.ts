// Reads the real service's published OpenAPI (shared/spec) for tests: examples and schemas per operation.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const SPEC_DIR = join(import.meta.dirname, "../../../shared/spec");

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
  schema?: unknown;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>;
  requestBody?: { content?: Record<string, MediaType> };
}
export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

export const realOpenApi = JSON.parse(
  readFileSync(join(SPEC_DIR, "real-openapi-v9.json"), "utf8"),
) as OpenApi;

function examplesOf(media: MediaType | undefined): Record<string, unknown> {
  if (!media) return {};
  if (media.examples) return Object.fromEntries(Object.entries(media.examples).map(([k, v]) => [k, v.value]));
  if ("example" in media) return { example: media.example };
  return {};
}

/** Named examples of one operation's response with the given status. */
export function responseExamples(method: string, path: string, status: string): Record<string, unknown> {
  const op = realOpenApi.paths[path]?.[method.toLowerCase()];
  return examplesOf(op?.responses?.[status]?.content?.["application/json"]);
}

/** Named examples of one operation's request body. */
export function requestExamples(method: string, path: string): Record<string, unknown> {
  const op = realOpenApi.paths[path]?.[method.toLowerCase()];
  return examplesOf(op?.requestBody?.content?.["application/json"]);
}

/** The first response example of an operation, failing loudly when the spec has none. */
export function firstExample(method: string, path: string, status = "200"): Record<string, unknown> {
  const all = responseExamples(method, path, status);
  const first = Object.values(all)[0];
  if (!first) throw new Error(`the real OpenAPI has no ${status} example for ${method} ${path}`);
  return first as Record<string, unknown>;
}
