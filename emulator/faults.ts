// Scheduled faults: statuses, delays and corrupted bodies for matching requests; failing people jobs.

export type BodyFault = "malformed" | "truncated" | "empty";

export interface FaultSpec {
  /** Path pattern; `*` matches any run of characters ("/v9/organizations*"). */
  path: string;
  method?: string;
  count: number;
  /** Answer with this status instead of running the handler (so nothing is charged). */
  status?: number;
  detail?: string;
  delayMs?: number;
  /** Corrupt the body of the answer (the handler still runs, and charges, unless `status` is set). */
  body?: BodyFault;
  /** A Retry-After header (whole seconds) on the answer, as a gateway or a busy service sends. */
  retryAfter?: number;
}

export interface Fault extends FaultSpec {
  id: number;
  remaining: number;
}

export class FaultQueue {
  private faults: Fault[] = [];
  private nextId = 1;
  /** How many of the next people jobs end in `failed`. */
  failingPeopleJobs = 0;

  add(spec: FaultSpec): Fault {
    const fault = { ...spec, id: this.nextId++, remaining: spec.count };
    this.faults.push(fault);
    return fault;
  }

  /** The first scheduled fault for this request, counted as used. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.faults.find(
      (f) => (!f.method || f.method.toUpperCase() === method.toUpperCase()) && globMatches(f.path, path),
    );
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
    this.failingPeopleJobs = 0;
  }
}

function globMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(`^${pattern.split("*").map(escapeRegex).join(".*")}$`);
  return regex.test(path);
}

function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

/** What a proxy in trouble sends instead of JSON. */
const MALFORMED_BODY =
  "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>";

export function corruptBody(body: string, fault: BodyFault): string {
  switch (fault) {
    case "malformed":
      return MALFORMED_BODY;
    case "truncated":
      return body.slice(0, Math.max(1, Math.floor(body.length / 2)));
    case "empty":
      return "";
  }
}
