// The out-of-time marker shared by retry and throttle, so callers can tell "try again" from a real failure.

/**
 * Thrown instead of waiting past a deadline. `cause` holds the last failure when there was one
 * (undefined when time ran out before anything was sent).
 */
export class DeadlineExceededError extends Error {
  // Declared, not defined: ES2020's Error has no `cause`, ES2022's does; this compiles under both.
  declare readonly cause: unknown;
  override name = "DeadlineExceededError";

  constructor(message: string, cause?: unknown) {
    super(message);
    (this as { cause: unknown }).cause = cause;
  }
}

export function isDeadlineExceeded(error: unknown): error is DeadlineExceededError {
  return error instanceof DeadlineExceededError;
}
