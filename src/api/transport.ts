// The synchronous HTTP seam between the v9 client and whatever carries requests
// (UrlFetchApp in Apps Script, the emulator core in tests).

export type HttpMethod = "GET" | "POST" | "PUT";

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL, query string included. */
  url: string;
  headers: Record<string, string>;
  /** JSON text for requests with a body. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends requests synchronously. Never throws for an HTTP status (every status comes back as
 * a response); throws only when no response arrived at all (DNS, refused connection, time-out).
 */
export interface Transport {
  send(request: HttpRequest): HttpResponse;
  /** Sends several requests in parallel; responses come back in request order. */
  sendAll(requests: HttpRequest[]): HttpResponse[];
}
