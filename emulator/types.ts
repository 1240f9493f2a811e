// The emulator core's request and response: plain data, so the HTTP shell and the harness
// (which calls the core in-process) share one synchronous handler.

export interface EmulatorRequest {
  method: string;
  /** Path without the query string, e.g. "/v9/organizations". */
  path: string;
  /** Query parameters; repeated parameters keep every value in order. */
  query: Record<string, string[]>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Raw body text ("" when there is none). */
  body: string;
}

export interface EmulatorResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /**
   * A delay a scheduled fault asks for, in milliseconds. The HTTP shell waits this long before
   * answering; the in-process harness advances its clock instead.
   */
  delayMs?: number;
}
