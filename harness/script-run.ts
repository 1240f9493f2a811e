// google.script.run's rules for what may cross between the sidebar and the server.
import { HarnessUsageError } from "./errors.ts";
import { isDate, isPlainObject } from "./realm.ts";

/** A copy of `value` as google.script.run would carry it, or a HarnessUsageError naming the part it cannot. */
export function carry(value: unknown, where: string): unknown {
  const seen = new Set<object>();
  const walk = (v: unknown, path: string): unknown => {
    if (
      v === null ||
      v === undefined ||
      typeof v === "string" ||
      typeof v === "number" ||
      typeof v === "boolean"
    ) {
      return v;
    }
    if (isDate(v)) throw refuse(where, path, "a Date (send an ISO string instead)");
    if (typeof v === "function") throw refuse(where, path, "a function");
    if (typeof v !== "object") throw refuse(where, path, `a ${typeof v}`);
    if (seen.has(v)) throw refuse(where, path, "a circular reference");
    seen.add(v);
    try {
      if (Array.isArray(v))
        return v.map((item, i) => walk(item === undefined ? null : item, `${path}[${i}]`));
      if (!isPlainObject(v)) throw refuse(where, path, "an object that is not a plain object");
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(v)) {
        if (item !== undefined) out[key] = walk(item, `${path}.${key}`);
      }
      return out;
    } finally {
      seen.delete(v);
    }
  };
  return walk(value, "");
}

function refuse(where: string, path: string, what: string): HarnessUsageError {
  const at = path ? ` at ${path.replace(/^\./, "")}` : "";
  return new HarnessUsageError(`google.script.run cannot carry ${what} in ${where}${at}.`);
}
