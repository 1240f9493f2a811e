// What a resource handler receives and returns; handlers are synchronous and throw HttpError to fail.
import type { Account } from "./accounts.ts";
import { debit } from "./credits.ts";
import type { EmulatorState } from "./state.ts";
import type { EmulatorRequest } from "./types.ts";
import { parseJsonBody } from "./validation.ts";

export interface HandlerResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: HandlerContext) => HandlerResult;

export interface Envelope {
  id: string;
  credits_used: number;
  credits_remaining: number;
}

export class HandlerContext {
  /** Milliseconds on the emulator clock when the request arrived. */
  readonly now: number;
  private id?: string;

  constructor(
    readonly state: EmulatorState,
    readonly request: EmulatorRequest,
    readonly account: Account,
    readonly params: Readonly<Record<string, number>>,
  ) {
    this.now = state.now();
  }

  /** The parsed JSON body (undefined when empty); malformed JSON is a 422. */
  body(): unknown {
    return parseJsonBody(this.request.body);
  }

  /** Every value of a query parameter, in order. */
  query(name: string): string[] {
    return this.request.query[name] ?? [];
  }

  /** The `id` of this response (a fresh UUID per request). */
  responseId(): string {
    this.id ??= this.state.ids.next();
    return this.id;
  }

  /** Debits the whole charge of this request at once (402 when short), recorded under `id`. */
  charge(amount: number, id = this.responseId()): void {
    debit(this.account, amount, {
      id,
      at: new Date(this.now).toISOString(),
      method: this.request.method,
      path: this.request.path,
    });
  }

  envelope(creditsUsed: number, id = this.responseId()): Envelope {
    return { id, credits_used: creditsUsed, credits_remaining: this.account.credits };
  }
}
