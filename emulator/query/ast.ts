// The advanced query as the engine sees it, whichever form (text or structured) it arrived in.

export type ConditionOperator = "EQ" | "NOT EQ" | "IN" | "NOT IN" | "IN ALL";

export type QueryNode =
  | { op: "AND" | "OR"; children: QueryNode[] }
  | { op: "NOOP" }
  | { op: ConditionOperator; field: string; values: (string | number)[] };

/** A query the caller must fix; the message says what to send instead. `path` points inside a structured query. */
export class QueryError extends Error {
  constructor(
    message: string,
    readonly path: (string | number)[] = [],
  ) {
    super(message);
  }
}
