// Transport over UrlFetchApp: always mutes HTTP exceptions so every status comes back as a response, and
// follows no redirect: UrlFetchApp would resend the Authorization header (the key) to whatever host answers.
import type { HttpRequest, HttpResponse, Transport } from "../api/transport";

function toParams(request: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequest {
  const { "content-type": contentType, ...headers } = request.headers;
  return {
    url: request.url,
    method: request.method.toLowerCase() as GoogleAppsScript.URL_Fetch.HttpMethod,
    headers,
    muteHttpExceptions: true,
    followRedirects: false,
    ...(contentType ? { contentType } : {}),
    ...(request.body !== undefined ? { payload: request.body } : {}),
  };
}

function fromResponse(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders() as Record<string, unknown>)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return { status: response.getResponseCode(), headers, body: response.getContentText() };
}

export const urlFetchTransport: Transport = {
  send(request) {
    const { url, ...params } = toParams(request);
    return fromResponse(UrlFetchApp.fetch(url, params));
  },
  sendAll(requests) {
    return UrlFetchApp.fetchAll(requests.map(toParams)).map(fromResponse);
  },
};
