// How UrlFetchApp follows a redirect when followRedirects is on (the default): the next request of the chain.
// Google documents followRedirects only as whether redirects are followed
// (https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app#advanced-parameters) and is
// silent on headers; the harness takes the less forgiving reading: every header, Authorization included,
// goes to whatever address the Location names, on any host.
import type { PreparedRequest } from "./fetch-request.ts";

/** Apps Script gives up on a chain longer than this (the figure is the harness's; Google gives none). */
export const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

interface Answered {
  status: number;
  headers: Record<string, string | string[]>;
}

/** The request a redirect leads to, or null when `answer` is not one to follow. */
export function redirectTarget(p: PreparedRequest, answer: Answered): PreparedRequest | null {
  if (!p.followRedirects || !REDIRECTS.has(answer.status)) return null;
  const raw = answer.headers.location;
  const location = Array.isArray(raw) ? raw[0] : raw;
  if (!location) return null;
  const url = new URL(location, p.url);
  // 303, and 301/302 after a POST, continue as a GET without the body, as HTTP clients do.
  const toGet =
    answer.status === 303 || ((answer.status === 301 || answer.status === 302) && p.method === "POST");
  const headers = { ...p.headers };
  if (toGet) delete headers["content-type"];
  return {
    ...p,
    url,
    text: url.href,
    method: toGet ? "GET" : p.method,
    body: toGet ? null : p.body,
    headers,
  };
}
