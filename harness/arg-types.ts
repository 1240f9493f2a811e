// Names argument types the way Apps Script's "parameters don't match the method signature" error does.
import { isDate } from "./realm.ts";

function typeName(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return "String";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "Boolean";
  if (isDate(value)) return "Date";
  if (Array.isArray(value)) return `${value.length > 0 ? typeName(value[0]) : "Object"}[]`;
  return "Object";
}

export function argTypes(args: ArrayLike<unknown>): string {
  return Array.from(args, typeName).join(",");
}
