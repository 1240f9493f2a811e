// Alerts and prompts for a person: an action that asks is replayed with the person's answers queued.
import { type Harness, HarnessUsageError } from "../../harness/index.ts";
import type { DialogAnswer, DialogButton, DialogRequest } from "../protocol.ts";

export type DialogOutcome<T> =
  | { kind: "done"; value: T }
  | { kind: "failed"; error: unknown }
  | { kind: "dialog"; dialog: DialogRequest };

/** A ButtonSet that offers each answer, so a discarding alert can take it. */
const SET_OFFERING: Record<DialogButton, string> = {
  OK: "OK",
  CANCEL: "OK_CANCEL",
  YES: "YES_NO",
  NO: "YES_NO",
  CLOSE: "OK",
};

/**
 * Runs `act` with `answers` queued for its dialogs, in order. When it shows one more dialog than it was given
 * answers for, the harness stops it; it is then run once more with "CLOSE" for that dialog (what closing the
 * dialog answers) to learn the dialog's title, text and buttons, which are returned for the person to answer.
 * The caller runs the action again with one more answer. Code before a dialog therefore runs once per round,
 * as it would if the person had repeated the action.
 */
export function runWithDialogs<T>(
  gas: Harness,
  answers: readonly DialogAnswer[],
  act: () => T,
): DialogOutcome<T> {
  const first = attempt(gas, answers, act);
  if (first.kind === "done") return { kind: "done", value: first.value };
  if (!first.unanswered) return { kind: "failed", error: first.error };
  const probe = attempt(gas, [...answers, { button: "CLOSE" }], act);
  const asked = probe.dialogs[answers.length];
  if (!asked) return { kind: "failed", error: first.error };
  return {
    kind: "dialog",
    dialog: {
      kind: asked.kind,
      title: asked.title,
      prompt: asked.prompt,
      buttons: asked.buttons.filter((b): b is DialogButton => b in SET_OFFERING),
    },
  };
}

type Attempt<T> =
  | { kind: "done"; value: T; dialogs: Shown[] }
  | { kind: "failed"; error: unknown; unanswered: boolean; dialogs: Shown[] };

type Shown = Harness["ui"]["dialogs"][number];

function attempt<T>(gas: Harness, answers: readonly DialogAnswer[], act: () => T): Attempt<T> {
  const executionsBefore = gas.executions.length;
  const dialogsBefore = gas.ui.dialogs.length;
  for (const answer of answers) gas.ui.answerNext(answer.text === undefined ? answer.button : answer);
  let outcome: Attempt<T>;
  try {
    outcome = { kind: "done", value: act(), dialogs: [] };
  } catch (error) {
    const unanswered = error instanceof HarnessUsageError && askedWithoutAnswer(gas, executionsBefore);
    outcome = { kind: "failed", error, unanswered, dialogs: [] };
  }
  outcome.dialogs = gas.ui.dialogs.slice(dialogsBefore);
  const leftover = answers.slice(outcome.dialogs.length);
  // An action that took another path than last time leaves answers queued: use them up, so no later
  // dialog receives an answer the person gave to a different one.
  if (leftover.length > 0) {
    gas.run(
      "playgroundDiscardAnswers",
      leftover.map((answer) => SET_OFFERING[answer.button]),
    );
  }
  return outcome;
}

/** Whether an execution of this action called alert or prompt more often than it got answers. */
export function askedWithoutAnswer(gas: Harness, executionsBefore: number): boolean {
  return gas.executions.slice(executionsBefore).some((record) => {
    const calls = (record.calls["Ui.alert"] ?? 0) + (record.calls["Ui.prompt"] ?? 0);
    const answered = gas.ui.dialogs.filter((d) => d.executionId === record.id).length;
    return record.status === "failed" && calls > answered;
  });
}
