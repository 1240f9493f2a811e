// The real service's published OpenAPI for tests (a fixture in the repository): examples and schemas per operation.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";

/** Made by `npm run fixture:openapi -- <path to the published document>`; tests never read outside the repository. */
const FIXTURE = join(import.meta.dirname, "../fixtures/real-openapi-v9.json");

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

export const realOpenApi = JSON.parse(readFileSync(FIXTURE, "utf8")) as OpenApi;

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

const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  validateFormats: false,
});
// Register every component schema under its $ref so schemas can refer to one another.
for (const [name, schema] of Object.entries(realOpenApi.components.schemas)) {
  ajv.addSchema(schema as object, `#/components/schemas/${name}`);
}

/** Validates a value against a schema of the real OpenAPI; returns readable errors (empty when valid). */
export function realSchemaErrors(schemaName: string, value: unknown): string[] {
  const validate = ajv.getSchema(`#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`the real OpenAPI has no schema ${schemaName}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e: { instancePath: string; message?: string }) => `${e.instancePath || "/"} ${e.message ?? ""}`,
  );
}
