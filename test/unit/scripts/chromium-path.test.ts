// Which Chromium the browser tests drive: CHROME_PATH first, then the system's, then the packaged one.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumPath } from "../../../scripts/lib/chromium.ts";

describe("chromiumPath", () => {
  it("takes CHROME_PATH when it names a file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "chrome-path-")), "chrome");
    writeFileSync(file, "");
    expect(await chromiumPath({ CHROME_PATH: file })).toBe(file);
  });

  it("says so when CHROME_PATH names nothing, quoting at most 100 characters of it", async () => {
    const missing = `/nowhere/${"x".repeat(500)}`;
    const error = await chromiumPath({ CHROME_PATH: missing }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`CHROME_PATH names no file: ${missing.slice(0, 100)}`);
  });

  it.runIf(process.platform === "linux" && process.arch === "x64")(
    "falls back to the Chromium packaged with @sparticuz/chromium when no system one is used",
    async () => {
      const path = await chromiumPath({ CHROMIUM_SKIP_SYSTEM: "1", PATH: "" });
      expect(path.startsWith(tmpdir())).toBe(true);
    },
    60_000,
  );
});
