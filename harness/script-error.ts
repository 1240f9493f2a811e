// The error gas.run throws when a server function fails: its message, and the execution that ran it.
import type { ExecutionRecord } from "./execution.ts";

/** Thrown by gas.run when the server function fails (google.script.run's failure handler gets the message). */
export class ScriptError extends Error {
  override name = "ScriptError";
  constructor(
    message: string,
    readonly execution: ExecutionRecord,
  ) {
    super(message);
  }
}
