// SpreadsheetApp.getUi(): menus, sidebars and dialogs recorded; alerts and prompts answered by the test.
import { argTypes } from "../arg-types.ts";
import { defineEnum, type EnumValue } from "../enums.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import { type HtmlOutputState, htmlOutputState } from "./html-service.ts";

export const Button = defineEnum(["CLOSE", "OK", "CANCEL", "YES", "NO"]);
export const ButtonSet = defineEnum(["OK", "OK_CANCEL", "YES_NO", "YES_NO_CANCEL"]);
export type ButtonName = keyof typeof Button;

const BUTTONS_OF: Record<keyof typeof ButtonSet, ButtonName[]> = {
  OK: ["OK"],
  OK_CANCEL: ["OK", "CANCEL"],
  YES_NO: ["YES", "NO"],
  YES_NO_CANCEL: ["YES", "NO", "CANCEL"],
};

export type MenuEntry =
  | { label: string; functionName: string }
  | { separator: true }
  | { label: string; items: MenuEntry[] };

export type UiAnswer = ButtonName | { button: ButtonName; text?: string };

export interface ShownRecord {
  kind: "sidebar" | "modalDialog" | "modelessDialog";
  title: string;
  html: HtmlOutputState;
  executionId: number;
}

export interface DialogRecord {
  kind: "alert" | "prompt";
  title: string;
  prompt: string;
  buttons: ButtonName[];
  button: ButtonName;
  text: string | null;
  executionId: number;
}

export class UiState {
  addonMenu: MenuEntry[] | null = null;
  readonly menus = new Map<string, MenuEntry[]>();
  readonly shown: ShownRecord[] = [];
  readonly dialogs: DialogRecord[] = [];
  readonly #answers: UiAnswer[] = [];

  answerNext(answer: UiAnswer): void {
    this.#answers.push(answer);
  }

  takeAnswer(): UiAnswer | undefined {
    return this.#answers.shift();
  }

  get pendingAnswers(): number {
    return this.#answers.length;
  }
}

export function createUi(exec: Execution, state: UiState) {
  const submenus = new WeakMap<object, { caption: string | null; entries: MenuEntry[] }>();
  const menu = (caption: string | null) => {
    const entries: MenuEntry[] = [];
    const builder = {
      addItem(label: unknown, functionName: unknown) {
        exec.call("Menu.addItem");
        entries.push({ label: String(label), functionName: String(functionName) });
        return builder;
      },
      addSeparator() {
        exec.call("Menu.addSeparator");
        entries.push({ separator: true });
        return builder;
      },
      addSubMenu(sub: unknown) {
        exec.call("Menu.addSubMenu");
        const inner = submenus.get(sub as object);
        if (!inner) exec.fail(GAS.signature(argTypes([sub]), "Menu.addSubMenu"));
        entries.push({ label: inner.caption ?? "", items: inner.entries });
        return builder;
      },
      addToUi() {
        exec.call("Menu.addToUi");
        if (caption === null) state.addonMenu = structuredClone(entries);
        else state.menus.set(caption, structuredClone(entries));
      },
    };
    submenus.set(builder, { caption, entries });
    return builder;
  };

  const ask = (kind: "alert" | "prompt", args: unknown[]) => {
    const defaultSet: keyof typeof ButtonSet = "OK";
    let title = "";
    let prompt: string;
    let set: unknown = ButtonSet[defaultSet];
    if (args.length >= 3) [title, prompt, set] = [String(args[0]), String(args[1]), args[2]];
    else if (args.length === 2) [prompt, set] = [String(args[0]), args[1]];
    else prompt = String(args[0] ?? "");
    const setName = (Object.keys(ButtonSet) as Array<keyof typeof ButtonSet>).find(
      (k) => ButtonSet[k] === set,
    );
    if (!setName) exec.fail(GAS.signature(argTypes(args), `Ui.${kind}`));
    const buttons = BUTTONS_OF[setName];
    const answer = state.takeAnswer();
    const shown = `Ui.${kind}(${JSON.stringify(prompt)})`;
    if (answer === undefined) {
      exec.usage(
        `${shown} was shown, but the test queued no answer: call gas.ui.answerNext(${buttons.map((b) => `"${b}"`).join(" | ")}) before the action that shows it.`,
      );
    }
    const button = typeof answer === "string" ? answer : answer.button;
    const text = typeof answer === "string" ? null : (answer.text ?? null);
    if (button !== "CLOSE" && !buttons.includes(button)) {
      exec.usage(
        `${shown} offers ${buttons.join(", ")} (or CLOSE), but the queued answer is ${String(button)}.`,
      );
    }
    state.dialogs.push({
      kind,
      title,
      prompt,
      buttons,
      button,
      text: kind === "prompt" ? (text ?? "") : null,
      executionId: exec.id,
    });
    return { button: Button[button] as EnumValue, text: text ?? "" };
  };

  const show = (kind: ShownRecord["kind"], method: string, userInterface: unknown, title?: unknown) => {
    exec.call(`Ui.${method}`);
    const html = htmlOutputState(userInterface);
    if (!html)
      exec.fail(
        GAS.signature(argTypes([userInterface, ...(title === undefined ? [] : [title])]), `Ui.${method}`),
      );
    const shownTitle = title === undefined ? html.title : String(title);
    state.shown.push({
      kind,
      title: shownTitle,
      html: { ...html, metaTags: [...html.metaTags] },
      executionId: exec.id,
    });
  };

  return {
    Button,
    ButtonSet,
    createAddonMenu() {
      exec.call("Ui.createAddonMenu");
      return menu(null);
    },
    createMenu(caption: unknown) {
      exec.call("Ui.createMenu");
      return menu(String(caption));
    },
    alert(...args: unknown[]) {
      exec.call("Ui.alert");
      return ask("alert", args).button;
    },
    prompt(...args: unknown[]) {
      exec.call("Ui.prompt");
      const { button, text } = ask("prompt", args);
      return {
        getResponseText: () => text,
        getSelectedButton: () => button,
      };
    },
    showSidebar(userInterface: unknown) {
      show("sidebar", "showSidebar", userInterface);
    },
    showModalDialog(userInterface: unknown, title: unknown) {
      show("modalDialog", "showModalDialog", userInterface, title);
    },
    showModelessDialog(userInterface: unknown, title: unknown) {
      show("modelessDialog", "showModelessDialog", userInterface, title);
    },
  };
}

/** The item with this label, searching submenus too. */
export function findMenuItem(entries: MenuEntry[], label: string): { functionName: string } | null {
  for (const entry of entries) {
    if ("functionName" in entry && entry.label === label) return entry;
    if ("items" in entry) {
      const inner = findMenuItem(entry.items, label);
      if (inner) return inner;
    }
  }
  return null;
}

/** Every item label, submenus included, in menu order. */
export function menuLabels(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => ("functionName" in e ? [e.label] : "items" in e ? menuLabels(e.items) : []));
}
