// The bridge turns google.script.run's handler calls into promises: the server's value, or its message.
import { describe, expect, it } from "vitest";
import { createBridge, failureMessage, NOT_CONNECTED_MESSAGE } from "../../../sidebar/bridge.ts";
import type { ScriptRun } from "../../../sidebar/lib/google-script.ts";

/** A google.script.run whose server functions are plain functions; throwing one fails the call. */
function fakeRun(functions: Record<string, (...args: unknown[]) => unknown>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const runner = (onSuccess: (v: unknown) => void, onFailure: (e: unknown) => void): ScriptRun =>
    new Proxy({} as ScriptRun, {
      get(_target, name: string) {
        if (name === "withSuccessHandler")
          return (handler: (v: unknown) => void) => runner(handler, onFailure);
        if (name === "withFailureHandler")
          return (handler: (e: unknown) => void) => runner(onSuccess, handler);
        return (...args: unknown[]) => {
          calls.push({ name, args });
          const fn = functions[name];
          // Like Apps Script, answers arrive later, never inside the call.
          queueMicrotask(() => {
            if (!fn) return onFailure(new Error(`Script function not found: ${name}`));
            try {
              onSuccess(fn(...args));
            } catch (error) {
              onFailure(error);
            }
          });
        };
      },
    });
  return {
    run: runner(
      () => undefined,
      () => undefined,
    ),
    calls,
  };
}

describe("createBridge", () => {
  it("resolves with what the server function returned, after sending its arguments", async () => {
    const { run, calls } = fakeRun({
      saveApiKey: (key) => ({ masked: `${String(key).slice(0, 4)}…`, source: "user" }),
    });
    const server = createBridge(() => run);
    await expect(server.saveApiKey("sk_live_123")).resolves.toEqual({ masked: "sk_l…", source: "user" });
    expect(calls).toEqual([{ name: "saveApiKey", args: ["sk_live_123"] }]);
  });

  it("rejects with the server's message", async () => {
    const { run } = fakeRun({
      saveApiKey: () => {
        throw new Error("Paste your API key first: the field is empty.");
      },
    });
    const server = createBridge(() => run);
    await expect(server.saveApiKey("")).rejects.toThrow(
      new Error("Paste your API key first: the field is empty."),
    );
  });

  it("rejects with a clear message when there is no google.script.run", async () => {
    const server = createBridge(() => undefined);
    await expect(server.getSettings()).rejects.toThrow(new Error(NOT_CONNECTED_MESSAGE));
  });

  it("is not mistaken for a promise", async () => {
    const { run, calls } = fakeRun({});
    const server = createBridge(() => run);
    expect((server as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(server)).toBe(server);
    expect(calls).toEqual([]);
  });
});

describe("failureMessage", () => {
  it.each([
    ["an Error", new Error("No API key is set."), "No API key is set."],
    [
      "an error-like object",
      { message: "Exceeded maximum execution time" },
      "Exceeded maximum execution time",
    ],
    ["a string", "Script function not found: x", "Script function not found: x"],
  ])("reads %s", (_name, error, message) => {
    expect(failureMessage(error)).toBe(message);
  });
});
