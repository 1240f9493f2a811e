// Copies values between the harness and an execution's thread; service objects cross as handles by id.
import { isDate } from "../realm.ts";

/** The key marking a handle: an object living on the harness side, called through by id. */
export const HANDLE = "\u0000handle";

export interface HandleMarker {
  [HANDLE]: number;
  /** Sent the first time a handle crosses: its method names and its data properties (enums, template data). */
  methods?: string[];
  data?: Record<string, unknown>;
}

/** One execution's side of the wire: the objects its thread holds handles to. */
export class Wire {
  readonly #ids = new WeakMap<object, number>();
  readonly #objects = new Map<number, object>();
  #next = 1;

  /** The harness object behind a handle the thread sent. */
  object(id: number): object {
    const found = this.#objects.get(id);
    if (!found) throw new Error(`The execution's thread named an unknown handle ${id}.`);
    return found;
  }

  /** A value on its way to the thread: data is copied, objects with methods become handles. */
  out(value: unknown): unknown {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) return value;
    if (typeof value === "function") return undefined;
    if (isDate(value)) return new Date(value.getTime());
    if (ArrayBuffer.isView(value)) return value;
    if (Array.isArray(value)) return value.map((item) => this.out(item));
    const known = this.#ids.get(value);
    if (known !== undefined) return { [HANDLE]: known };
    const methods = methodNames(value);
    if (methods.length === 0) {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) copy[key] = this.out(item);
      return copy;
    }
    const id = this.#next++;
    this.#ids.set(value, id);
    this.#objects.set(id, value);
    const data: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      if (typeof item !== "function") data[key] = this.out(item);
    return { [HANDLE]: id, methods, data } satisfies HandleMarker;
  }

  /** A value the thread sent: handles become the harness objects they stand for. */
  in(value: unknown): unknown {
    if (value === null || typeof value !== "object" || isDate(value) || ArrayBuffer.isView(value))
      return value;
    if (Array.isArray(value)) return value.map((item) => this.in(item));
    const record = value as Record<string, unknown>;
    if (typeof record[HANDLE] === "number") return this.object(record[HANDLE]);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) copy[key] = this.in(item);
    return copy;
  }
}

/** Function-valued properties, own or inherited (enum values keep theirs on a shared prototype). */
function methodNames(value: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = value; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key === "constructor") continue;
      const descriptor = Object.getOwnPropertyDescriptor(o, key);
      if (descriptor && typeof descriptor.value === "function") names.add(key);
    }
  }
  return [...names];
}
