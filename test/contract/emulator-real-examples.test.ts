// The real OpenAPI's own request examples pass the emulator's validation.
import { describe, expect, it } from "vitest";
import { createEmulatorState } from "../../emulator/index.ts";
import { call } from "../../emulator/testing.ts";
import { requestExamples } from "../support/real-openapi.ts";

const state = createEmulatorState({ orgs: 500, rateLimit: false });

describe("real request examples", () => {
  for (const path of ["/v9/organizations", "/v9/people"]) {
    const examples = Object.entries(requestExamples("POST", path));

    it(`exist for ${path}`, () => {
      expect(examples.length).toBeGreaterThan(2);
    });

    it.each(examples)(`${path} accepts the example %s`, (_name, body) => {
      const response = call(state, "POST", path, { body });
      expect(response.status, response.text).not.toBe(422);
      expect(response.status, response.text).toBeLessThan(500);
    });
  }

  it("answers the organizations examples with 200", () => {
    for (const [name, body] of Object.entries(requestExamples("POST", "/v9/organizations"))) {
      expect(call(state, "POST", "/v9/organizations", { body }).status, name).toBe(200);
    }
  });
});
