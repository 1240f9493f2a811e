// Which dispatcher trigger each deployment needs, and how an existing one is reconciled.
import { describe, expect, it } from "vitest";
import { readDeployment, triggerChange, wantedTrigger } from "../../../src/core/jobs/trigger-plan.ts";

describe("trigger plan", () => {
  it("reads the deployment property, a bound script unless it says addon", () => {
    expect(readDeployment("addon")).toBe("addon");
    expect(readDeployment(" AddOn ")).toBe("addon");
    expect(readDeployment(null)).toBe("bound");
    expect(readDeployment("published")).toBe("bound");
  });

  it("ticks every minute in a bound script while jobs are active and hourly for rules alone", () => {
    expect(wantedTrigger("bound", { activeJobs: true, rules: false })).toBe("minute");
    expect(wantedTrigger("bound", { activeJobs: true, rules: true })).toBe("minute");
    expect(wantedTrigger("bound", { activeJobs: false, rules: true })).toBe("hourly");
    expect(wantedTrigger("bound", { activeJobs: false, rules: false })).toBeNull();
  });

  it("never asks for more than hourly in an add-on", () => {
    expect(wantedTrigger("addon", { activeJobs: true, rules: false })).toBe("hourly");
    expect(wantedTrigger("addon", { activeJobs: false, rules: true })).toBe("hourly");
    expect(wantedTrigger("addon", { activeJobs: false, rules: false })).toBeNull();
  });

  it("keeps a trigger of the right kind, replaces one of the wrong kind, and removes it when idle", () => {
    expect(triggerChange("minute", { id: "t1", kind: "minute" })).toEqual({ create: null, remove: null });
    expect(triggerChange("hourly", { id: "t1", kind: "minute" })).toEqual({ create: "hourly", remove: "t1" });
    expect(triggerChange(null, { id: "t1", kind: "hourly" })).toEqual({ create: null, remove: "t1" });
    expect(triggerChange("minute", null)).toEqual({ create: "minute", remove: null });
    expect(triggerChange(null, null)).toEqual({ create: null, remove: null });
  });
});
