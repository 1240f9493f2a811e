// Checks the structured form of an advanced query (spec §2.8) and turns it into the engine's nodes.
import type { AdvancedQuery } from "../../src/api/contract/common.ts";
import { QueryError, type QueryNode } from "./ast.ts";

export function fromStructured(query: AdvancedQuery, path: (string | number)[] = []): QueryNode {
  switch (query.operator) {
    case "NOOP":
      return { op: "NOOP" };
    case "AND":
    case "OR": {
      const children = query.children ?? [];
      if (children.length === 0) {
        throw new QueryError(`${query.operator} needs "children": a non-empty list of queries.`, [
          ...path,
          "children",
        ]);
      }
      return {
        op: query.operator,
        children: children.map((child, i) => fromStructured(child, [...path, "children", i])),
      };
    }
    case "EQ":
    case "NOT EQ": {
      const field = requireField(query, path);
      if (query.value == null) {
        throw new QueryError(
          `${query.operator} needs a "value", e.g. {"operator": "EQ", "field": "${field}", "value": "…"}.`,
          [...path, "value"],
        );
      }
      return { op: query.operator, field, values: [query.value] };
    }
    default: {
      const field = requireField(query, path);
      const values = query.values ?? (query.value != null ? [query.value] : []);
      if (values.length === 0) {
        throw new QueryError(`${query.operator} needs "values", a non-empty list, e.g. ["a", "b"].`, [
          ...path,
          "values",
        ]);
      }
      return { op: query.operator, field, values };
    }
  }
}

function requireField(query: AdvancedQuery, path: (string | number)[]): string {
  if (!query.field)
    throw new QueryError(`${query.operator} needs a "field", e.g. "technology".`, [...path, "field"]);
  return query.field.toLowerCase();
}
