// HTTPResponse as UrlFetchApp returns it. Header names are lower case (as the emulator and undici give them).
import type { Execution } from "../execution.ts";
import { createBlob, toSignedBytes } from "./blob.ts";

export function createHttpResponse(
  exec: Execution,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer,
) {
  const single = () => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      out[name] = Array.isArray(value) ? value.join(", ") : value;
    return out;
  };
  return {
    getResponseCode: exec.method("HTTPResponse.getResponseCode", () => status),
    getContentText(charset?: unknown) {
      exec.call("HTTPResponse.getContentText");
      return body.toString(
        String(charset ?? "")
          .toUpperCase()
          .replace("_", "-") === "US-ASCII"
          ? "ascii"
          : "utf8",
      );
    },
    getContent: exec.method("HTTPResponse.getContent", () => exec.realm.of(toSignedBytes(body))),
    getHeaders: exec.method("HTTPResponse.getHeaders", () => exec.realm.of(single())),
    getAllHeaders: exec.method("HTTPResponse.getAllHeaders", () => exec.realm.of(headers)),
    getBlob() {
      exec.call("HTTPResponse.getBlob");
      const type = single()["content-type"] ?? null;
      return createBlob(exec, Buffer.from(body), type, null);
    },
  };
}
