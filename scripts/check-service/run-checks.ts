// Runs the free checks, then offers the one paid check to `consent` and sends it only when granted, once,
// never again on a lost answer (its outcome, and so the charge, would be unknown).
import {
  type Answer,
  FREE_CHECKS,
  PAID_CHECK,
  PAID_DESCRIPTION,
  PAID_PRICE,
  type ServiceCheck,
  type Verdict,
} from "./checks.ts";

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request; throws only when no answer came back (refused connection, DNS, time-out). */
export type Send = (request: OutgoingRequest) => Promise<Answer>;

export interface PaidOffer {
  request: string;
  description: string;
  /** The most it can cost. */
  credits: number;
  /** The balance the free checks reported, when they did. */
  balance: number | null;
}

export type ConsentDecision = { granted: true } | { granted: false; reason: string };
export type Consent = (offer: PaidOffer) => Promise<ConsentDecision>;

export type RowResult = "agrees" | "disagrees" | "skipped";

export interface Row {
  check: string;
  request: string;
  cost: string;
  result: RowResult;
  detail: string;
}

export interface Report {
  rows: Row[];
  /** Credits the answers say were charged. */
  creditsSpent: number;
  paidSent: boolean;
  /** The paid request went out and no answer said what it cost: only the balance can tell. */
  paidChargeUnknown: boolean;
}

export interface RunOptions {
  baseUrl: string;
  apiKey: string;
  send: Send;
  consent: Consent;
}

function requestLine(check: ServiceCheck): string {
  return `${check.method} ${check.path}`;
}

function outgoing(check: ServiceCheck, options: RunOptions): OutgoingRequest {
  return {
    method: check.method,
    url: `${options.baseUrl}${check.path}`,
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      ...(check.withKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    },
    body: JSON.stringify(check.body),
  };
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const text = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return text.slice(0, 80);
}

function row(check: ServiceCheck, result: RowResult, detail: string): Row {
  return { check: check.name, request: requestLine(check), cost: check.cost, result, detail };
}

export async function runChecks(options: RunOptions): Promise<Report> {
  const rows: Row[] = [];
  let creditsSpent = 0;
  let balance: number | null = null;
  let keyRejected = false;
  let reached = false;
  const record = (check: ServiceCheck, verdict: Verdict) => {
    creditsSpent += verdict.creditsUsed ?? 0;
    if (verdict.balance !== undefined) balance = verdict.balance;
    keyRejected ||= verdict.keyRejected === true;
    rows.push(row(check, verdict.agrees ? "agrees" : "disagrees", verdict.detail));
  };

  for (const check of FREE_CHECKS) {
    let answer: Answer;
    try {
      answer = await options.send(outgoing(check, options));
    } catch (error) {
      rows.push(row(check, "disagrees", `no answer: ${reason(error)}`));
      continue;
    }
    reached = true;
    record(check, check.judge(answer));
  }

  const skip = (detail: string): Report => {
    rows.push(row(PAID_CHECK, "skipped", detail));
    return { rows, creditsSpent, paidSent: false, paidChargeUnknown: false };
  };
  if (!reached) return skip("not tried: the service did not answer the free checks");
  if (keyRejected) return skip("not tried: the service refused the key in API_KEY");
  if (balance !== null && balance < PAID_PRICE) return skip(`not tried: the account has ${balance} credits`);
  const decision = await options.consent({
    request: requestLine(PAID_CHECK),
    description: PAID_DESCRIPTION,
    credits: PAID_PRICE,
    balance,
  });
  if (!decision.granted) return skip(decision.reason);

  let answer: Answer;
  try {
    answer = await options.send(outgoing(PAID_CHECK, options));
  } catch (error) {
    rows.push(
      row(
        PAID_CHECK,
        "disagrees",
        `no answer (${reason(error)}): whether it was charged is unknown, so it was not sent again; check the balance before rerunning`,
      ),
    );
    return { rows, creditsSpent, paidSent: true, paidChargeUnknown: true };
  }
  const verdict = PAID_CHECK.judge(answer);
  record(PAID_CHECK, verdict);
  return { rows, creditsSpent, paidSent: true, paidChargeUnknown: verdict.creditsUsed === undefined };
}
