// The two mistakes a person makes in what they ask for; each message is a sentence shown as it is.

/** A mistake in what the user passed to a formula; its message is meant for the cell. */
export class ArgumentError extends Error {
  override name = "ArgumentError";
}

/** A request the user has to change; the message is meant to be shown as it is. */
export class RequestError extends Error {
  override name = "RequestError";
}
