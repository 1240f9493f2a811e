// One entry point for both forms of an advanced query: `{query: "<text>"}` or the structured object.
import type { QueryFilter } from "../../src/api/contract/common.ts";
import type { QueryNode } from "./ast.ts";
import { fromStructured } from "./from-structured.ts";
import { parseQueryText } from "./parse-text.ts";

export function parseQuery(filter: QueryFilter): QueryNode {
  return "query" in filter ? parseQueryText(filter.query) : fromStructured(filter);
}
