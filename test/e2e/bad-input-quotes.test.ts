// What a refusal repeats of the person's input counts characters as they see them, not UTF-16 units: a
// short value in emoji or another script is quoted whole, a long one is cut after 60 characters and its
// length said in characters.
import { describe, expect, it } from "vitest";
import { failure, jobsWorld } from "./bulk-world.ts";

const KINDS = "Use one of: organizations, people, jobs, teams.";

describe("a refusal quoting input outside the Basic Multilingual Plane", () => {
  it("quotes 40 emoji (80 UTF-16 units) whole", async () => {
    const { gas } = await jobsWorld();
    const kind = "🏢".repeat(40);
    expect(failure(gas, "runFind", { kind })).toBe(`Unknown search kind "${kind}". ${KINDS}`);
  });

  it("cuts 61 emoji after 60 of them and says 61 characters", async () => {
    const { gas } = await jobsWorld();
    const kind = "𝒳".repeat(61);
    expect(failure(gas, "runFind", { kind })).toBe(
      `Unknown search kind "${"𝒳".repeat(60)}"… (61 characters). ${KINDS}`,
    );
  });
});
