// Option checks shared by the core modules, so a misconfiguration fails at once with one wording.
import { quoteInput } from "../words/quote-input";

export function requireFinite(name: string, value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number; got ${quoteInput(value)}.`);
  }
  return value;
}

export function requireNonNegative(name: string, value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a number of 0 or more; got ${quoteInput(value)}.`);
  }
  return value;
}

export function requireNonNegativeInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of 0 or more; got ${quoteInput(value)}.`);
  }
  return value;
}

export function requirePositiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number of 1 or more; got ${quoteInput(value)}.`);
  }
  return value;
}
