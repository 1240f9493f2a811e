// Whether an error is an Apps Script service refusing (a quota, a lock, a sheet or store it would not
// write), as opposed to the add-on's own failure: the platform names every service exception "Exception".

/** True for a service's exception ("Exception: …"); false for a TypeError, RangeError or the add-on's errors. */
export function isServiceError(error: unknown): boolean {
  return error instanceof Error && error.name === "Exception";
}
