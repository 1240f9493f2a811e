// What a pasted API key may look like before it is sent to the service for checking.
import { describe, expect, it } from "vitest";
import {
  API_KEY_MAX_LENGTH,
  checkKeyText,
  KEY_TEXT_MESSAGES,
} from "../../../src/server/settings/key-text.ts";

describe("checkKeyText", () => {
  it("trims whitespace around the key", () => {
    expect(checkKeyText("  sk_live_abc123\n")).toBe("sk_live_abc123");
  });

  it("accepts a key of the maximum length", () => {
    expect(checkKeyText("k".repeat(API_KEY_MAX_LENGTH))).toHaveLength(API_KEY_MAX_LENGTH);
  });

  it.each([
    ["a number", 42, KEY_TEXT_MESSAGES.notText],
    ["null", null, KEY_TEXT_MESSAGES.notText],
    ["nothing", undefined, KEY_TEXT_MESSAGES.notText],
    ["an empty string", "", KEY_TEXT_MESSAGES.empty],
    ["only whitespace", " \t\n ", KEY_TEXT_MESSAGES.empty],
    ["a space inside", "sk_live abc", KEY_TEXT_MESSAGES.spaces],
    ["a line break inside", "sk_live\nabc", KEY_TEXT_MESSAGES.spaces],
    [
      "a key that is too long",
      "k".repeat(API_KEY_MAX_LENGTH + 1),
      KEY_TEXT_MESSAGES.tooLong(API_KEY_MAX_LENGTH + 1),
    ],
    ["an accented letter", "sk_livé", KEY_TEXT_MESSAGES.characters],
    ["an emoji", "sk_live_🔑", KEY_TEXT_MESSAGES.characters],
    ["a control character", "sk_live\u0007", KEY_TEXT_MESSAGES.characters],
  ])("refuses %s", (_name, input, message) => {
    expect(() => checkKeyText(input)).toThrow(new Error(message));
  });

  it("says how long a too-long key is", () => {
    expect(KEY_TEXT_MESSAGES.tooLong(300)).toBe(
      "An API key is at most 256 characters, and this one has 300. Copy it again from the API keys page of the service's web app, without the text around it.",
    );
  });
});
