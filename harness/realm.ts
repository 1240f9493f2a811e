// Moves values between Node and an execution's vm context so each side gets its own arrays and dates.
import { types } from "node:util";

export interface Intrinsics {
  Array: ArrayConstructor;
  Object: ObjectConstructor;
  Error: ErrorConstructor;
  Date: DateConstructor;
}

export interface Realm {
  /** A deep copy of arrays, dates and plain objects built from this realm's constructors. */
  of<T>(value: T): T;
  /** An array of this realm holding `items` as they are (service objects keep their identity). */
  list<T>(items: T[]): T[];
  /** A service error as Apps Script throws it: name "Exception", so String(e) is "Exception: <message>". */
  error(message: string): Error;
}

export function isDate(value: unknown): value is Date {
  return types.isDate(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value) || isDate(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

export function createRealm(intrinsics: Intrinsics): Realm {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const out = new intrinsics.Array<unknown>();
      for (const item of value) out.push(copy(item));
      return out;
    }
    if (isDate(value)) return new intrinsics.Date(value.getTime());
    if (isPlainObject(value)) {
      const out = new intrinsics.Object() as Record<string, unknown>;
      for (const [key, item] of Object.entries(value)) out[key] = copy(item);
      return out;
    }
    return value;
  };
  return {
    of: <T>(value: T) => copy(value) as T,
    list<T>(items: T[]) {
      const out = new intrinsics.Array<T>();
      for (const item of items) out.push(item);
      return out;
    },
    error(message) {
      const error = new intrinsics.Error(message);
      error.name = "Exception";
      return error;
    },
  };
}

/** Node's own realm: for fakes used outside a vm context (unit tests). */
export const hostRealm: Realm = createRealm({ Array, Object, Error, Date });

/** A Node copy of a value from any realm (the bundle's return values, run arguments). */
export function toHost(value: unknown): unknown {
  return hostRealm.of(value);
}
