// POST /v9/people (async since v8): start a job, poll it, charge once on the first succeeded poll.
import { PeopleRequest } from "../../src/api/contract/people.ts";
import { requireBalance } from "../credits.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { HttpError } from "../http-error.ts";
import { jobStatus, type PeopleJob } from "../people/jobs.ts";
import { buildPeopleQuery } from "../people/query.ts";
import { renderPeople } from "../people/render.ts";
import { validate } from "../validation.ts";

export function people(ctx: HandlerContext): HandlerResult {
  const body = validate(PeopleRequest, ctx.body());
  return body.request_id ? poll(ctx, body.request_id) : start(ctx, body);
}

function start(ctx: HandlerContext, body: PeopleRequest): HandlerResult {
  const { state, account } = ctx;
  const query = buildPeopleQuery(body, account, state.dataset);
  requireBalance(account, renderPeople(query, account, state.dataset).cost);
  const job: PeopleJob = {
    id: ctx.responseId(),
    apiKey: account.apiKey,
    startedAt: ctx.now,
    polls: 0,
    fails: state.faults.failingPeopleJobs > 0,
    charged: false,
    query,
  };
  if (job.fails) state.faults.failingPeopleJobs--;
  state.peopleJobs.set(job.id, job);
  return { body: { ...ctx.envelope(0, job.id), request_id: job.id, status: "pending" } };
}

function poll(ctx: HandlerContext, requestId: string): HandlerResult {
  const { state, account } = ctx;
  const job = state.peopleJobs.get(requestId);
  if (!job || job.apiKey !== account.apiKey) {
    throw new HttpError(
      400,
      `No people request has id ${requestId} for this API key. Start one with a people or filter body.`,
    );
  }
  job.polls++;
  const status = jobStatus(job, ctx.now, state.options.peopleJob);
  const head = { request_id: job.id, status };
  if (status === "pending" || status === "running") return { body: { ...ctx.envelope(0, job.id), ...head } };
  if (status === "failed") {
    return {
      body: {
        ...ctx.envelope(0, job.id),
        ...head,
        message: "The people request failed. Start it again; no credits were charged.",
      },
    };
  }
  const rendered = renderPeople(job.query, account, state.dataset);
  const cost = job.charged ? 0 : rendered.cost;
  if (!job.charged) {
    ctx.charge(cost, job.id);
    for (const id of rendered.newEmails) account.revealedEmails.add(id);
    for (const id of rendered.newPhones) account.revealedPhones.add(id);
    job.charged = true;
  }
  return {
    body: {
      ...ctx.envelope(cost, job.id),
      ...head,
      people: rendered.people,
      total: job.query.total,
      source_data_url: job.query.sourceDataUrl,
      ...(job.query.mode === "list" ? { matched_count: job.query.rows.filter((r) => r.person).length } : {}),
    },
  };
}
