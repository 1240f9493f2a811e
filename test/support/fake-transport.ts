// A scripted synchronous transport for client tests: records every request, answers from a queue.
import type { HttpRequest, HttpResponse, Transport } from "../../src/api/transport.ts";

export type Answer = HttpResponse | Error | ((request: HttpRequest) => HttpResponse);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export class FakeTransport implements Transport {
  readonly requests: HttpRequest[] = [];
  /** How many times sendAll was called, and with how many requests each time. */
  readonly batches: number[] = [];
  private readonly answers: Answer[] = [];

  answer(...answers: Answer[]): this {
    this.answers.push(...answers);
    return this;
  }

  get remaining(): number {
    return this.answers.length;
  }

  send(request: HttpRequest): HttpResponse {
    this.requests.push(request);
    const next = this.answers.shift();
    if (next === undefined)
      throw new Error(`FakeTransport: no answer scripted for ${request.method} ${request.url}`);
    if (next instanceof Error) throw next;
    return typeof next === "function" ? next(request) : next;
  }

  sendAll(requests: HttpRequest[]): HttpResponse[] {
    this.batches.push(requests.length);
    return requests.map((r) => this.send(r));
  }

  /** The JSON body of request `i`. */
  body(i = -1): unknown {
    const request = this.requests.at(i);
    return request?.body === undefined ? undefined : JSON.parse(request.body);
  }
}

/** A clock whose sleep only moves time forward, and records each wait. */
export class FakeClock {
  readonly sleeps: number[] = [];
  constructor(public time = Date.UTC(2026, 10, 21, 12)) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.time += ms;
  }
}
