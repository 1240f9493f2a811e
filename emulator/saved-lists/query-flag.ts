// Reads a boolean query parameter the way FastAPI does, or answers 422.
import type { HandlerContext } from "../handler.ts";
import { validationError } from "../http-error.ts";

const TRUE = new Set(["true", "1", "yes", "on", "t", "y"]);
const FALSE = new Set(["false", "0", "no", "off", "f", "n"]);

export function queryFlag(ctx: HandlerContext, name: string): boolean {
  const values = ctx.query(name);
  const raw = values[values.length - 1];
  if (raw === undefined) return false;
  const text = raw.trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  throw validationError(
    ["query", name],
    `Input should be a valid boolean, unable to interpret input: send ${name}=true or ${name}=false.`,
    "bool_parsing",
    raw,
  );
}
