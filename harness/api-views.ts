// The test's views of what Apps Script keeps: dialogs shown, property stores, caches and daily quotas.
import type { DailyLimits } from "./fakes/daily-quotas.ts";
import type { UiAnswer } from "./fakes/ui.ts";
import type { Harness } from "./types.ts";
import type { World } from "./world.ts";

export function uiView(world: World): Harness["ui"] {
  const state = world.ui;
  return {
    answerNext: (answer: UiAnswer) => state.answerNext(answer),
    get sidebar() {
      return [...state.shown].reverse().find((s) => s.kind === "sidebar") ?? null;
    },
    get shown() {
      return state.shown;
    },
    get dialogs() {
      return state.dialogs;
    },
  };
}

export function propertiesView(world: World): Harness["properties"] {
  return {
    script: world.properties.script,
    user: (email = world.user) => world.properties.user(email),
    document: (id = world.activeDocumentId) => world.properties.document(id),
  };
}

export function cachesView(world: World): Harness["caches"] {
  return {
    script: world.caches.script,
    user: (email = world.user) => world.caches.user(email),
    document: (id = world.activeDocumentId) => world.caches.document(id),
  };
}

export function quotasView(world: World): Harness["quotas"] {
  return {
    limits: { ...world.quotas.limits },
    use: (user = world.user) => world.quotas.use(user, world.clock.now()),
    spend: (quota: keyof DailyLimits, amount: number, user = world.user) =>
      world.quotas.spend(quota, user, world.clock.now(), amount),
  };
}
