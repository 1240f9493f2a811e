// `npm start` (scripts/start.ts): the environment it reads, and the playground it serves and announces.
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import {
  DEFAULT_PORT,
  readStartConfig,
  START_CONFIG_MESSAGES,
  StartConfigError,
} from "../../playground/server/start-config.ts";
import { spawnScript, waitForOutput } from "./support/spawn-script.ts";

describe("the start environment", () => {
  it("defaults to port 8080, the emulator and the system's browser", () => {
    expect(readStartConfig({})).toEqual({
      port: DEFAULT_PORT,
      browser: "default",
      service: { kind: "emulator" },
    });
    expect(DEFAULT_PORT).toBe(8080);
  });

  it("reads PORT, BROWSER=none and a browser command", () => {
    expect(readStartConfig({ PORT: "0", BROWSER: "none" })).toMatchObject({ port: 0, browser: null });
    expect(readStartConfig({ PORT: " 9000 ", BROWSER: "firefox" })).toMatchObject({
      port: 9000,
      browser: "firefox",
    });
  });

  it("takes a real service when API_BASE_URL and API_KEY are both set", () => {
    expect(readStartConfig({ API_BASE_URL: "https://api.example.com/", API_KEY: "k-123" }).service).toEqual({
      kind: "real",
      baseUrl: "https://api.example.com",
      apiKey: "k-123",
    });
  });

  it("refuses settings it cannot use, saying what to set", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        readStartConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(StartConfigError);
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refusal({ PORT: "eighty" })).toBe(
      'PORT must be a whole number from 0 to 65535 (0 picks a free port); got "eighty".',
    );
    expect(refusal({ PORT: "70000" })).toBe(START_CONFIG_MESSAGES.port("70000"));
    expect(refusal({ PORT: "-1" })).toBe(START_CONFIG_MESSAGES.port("-1"));
    expect(refusal({ API_BASE_URL: "https://api.example.com" })).toBe(
      "API_KEY is missing: set both API_BASE_URL and API_KEY to use a real service, or neither to use the emulator.",
    );
    expect(refusal({ API_KEY: "k" })).toBe(START_CONFIG_MESSAGES.onlyKey);
    expect(refusal({ API_BASE_URL: "api.example.com", API_KEY: "k" })).toBe(
      'API_BASE_URL must be the service\'s http:// or https:// address without /v9, e.g. https://api.example.com; got "api.example.com".',
    );
    expect(refusal({ API_BASE_URL: "https://api.example.com/v9", API_KEY: "k" })).toBe(
      START_CONFIG_MESSAGES.baseUrl("https://api.example.com/v9"),
    );
  });
});

describe("scripts/start.ts", () => {
  it("serves the playground on PORT, prints its URL and the demo key, and stops on SIGTERM", async () => {
    const started = spawnScript("scripts/start.ts", [], {
      PORT: "0",
      BROWSER: "none",
      API_BASE_URL: "",
      API_KEY: "",
    });
    try {
      const url = (await waitForOutput(started, /Playground: (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
      await waitForOutput(started, /Press Ctrl\+C to stop\./);
      expect(started.output()).toContain(`Demo API key: ${DEMO_API_KEY}`);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<script src="/playground.js"></script>');
    } finally {
      expect(await started.stop()).toBe(0);
    }
  });

  it("exits with status 2 and the reason when the environment is unusable", async () => {
    const started = spawnScript("scripts/start.ts", [], {
      PORT: "eighty",
      BROWSER: "none",
      API_BASE_URL: "",
      API_KEY: "",
    });
    expect(await started.exited).toBe(2);
    expect(started.output().trim()).toBe(START_CONFIG_MESSAGES.port("eighty"));
  });

  it("says so when the port is taken", async () => {
    const first = spawnScript("scripts/start.ts", [], {
      PORT: "0",
      BROWSER: "none",
      API_BASE_URL: "",
      API_KEY: "",
    });
    try {
      const port = (await waitForOutput(first, /Playground: http:\/\/127\.0\.0\.1:(\d+)/))[1]!;
      const second = spawnScript("scripts/start.ts", [], {
        PORT: port,
        BROWSER: "none",
        API_BASE_URL: "",
        API_KEY: "",
      });
      expect(await second.exited).toBe(1);
      expect(second.output().trim()).toBe(
        `Port ${port} is in use: set PORT to another one (PORT=0 picks a free port).`,
      );
    } finally {
      await first.stop();
    }
  });
});
