// How UrlFetchApp reads fetch(url, params): method, headers, payload and content type.
import { argTypes } from "../arg-types.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import { isPlainObject } from "../realm.ts";
import { blobBytes, fromBytes } from "./blob.ts";

export const URL_MAX_CHARS = 2048;
export const USER_AGENT = "Mozilla/5.0 (compatible; Google-Apps-Script)";
const METHODS = new Set(["GET", "DELETE", "PATCH", "POST", "PUT"]);

export interface PreparedRequest {
  url: URL;
  text: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
  mute: boolean;
  followRedirects: boolean;
}

export function prepareRequest(exec: Execution, target: unknown, options: unknown): PreparedRequest {
  if (typeof target !== "string") exec.fail(GAS.signature(argTypes([target, options]), "UrlFetchApp.fetch"));
  const text = target as string;
  if (text.length > URL_MAX_CHARS) exec.fail(GAS.urlTooLong);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return exec.fail(GAS.invalidArgument(text));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") exec.fail(GAS.invalidArgument(text));
  const opts = (isPlainObject(options) ? options : {}) as Record<string, unknown>;
  const method = String(opts.method ?? "get").toUpperCase();
  if (!METHODS.has(method)) exec.fail(GAS.invalidArgument("method"));
  const headers: Record<string, string> = { "user-agent": USER_AGENT };
  if (isPlainObject(opts.headers)) {
    for (const [name, value] of Object.entries(opts.headers)) headers[name.toLowerCase()] = String(value);
  }
  let body: Buffer | null = null;
  const payload = opts.payload;
  if (payload !== undefined && payload !== null) {
    const bytes = blobBytes(payload);
    if (bytes) body = bytes;
    else if (Array.isArray(payload)) body = fromBytes(payload);
    else if (isPlainObject(payload)) {
      // Apps Script form-encodes an object payload.
      body = Buffer.from(
        Object.entries(payload)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
          .join("&"),
      );
    } else body = Buffer.from(String(payload), "utf8");
    headers["content-type"] = String(
      opts.contentType ?? headers["content-type"] ?? "application/x-www-form-urlencoded",
    );
  } else if (opts.contentType !== undefined) {
    headers["content-type"] = String(opts.contentType);
  }
  return {
    url,
    text,
    method,
    headers,
    body,
    mute: opts.muteHttpExceptions === true,
    followRedirects: opts.followRedirects !== false,
  };
}
