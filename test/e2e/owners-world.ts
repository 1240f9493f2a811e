// Ann and Bob sharing one bound spreadsheet, each with an account and a saved key: whose work pays.
import { addAccount, type JobsWorld, jobsWorld, run, type WorldOptions } from "./bulk-world.ts";

export const ANN = { email: "ann@example.com", key: "key-of-ann-0123456789" };
export const BOB = { email: "bob@example.com", key: "key-of-bob-0123456789" };

/** A bound spreadsheet both people use; each has 1,000,000 credits and has saved their key. */
export async function sharedSpreadsheet(options: Omit<WorldOptions, "mode"> = {}): Promise<JobsWorld> {
  const world = await jobsWorld({ ...options, mode: "bound" });
  for (const person of [ANN, BOB]) {
    addAccount(world.emulator, person.key, 1_000_000);
    world.gas.setUser(person.email);
    run(world.gas, "saveApiKey", person.key);
  }
  return world;
}
