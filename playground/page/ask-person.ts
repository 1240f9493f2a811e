// Alerts and prompts from the add-on, shown as a modal dialog; resolves with the button the person chose.
import type { DialogAnswer, DialogButton, DialogRequest } from "../protocol";

const LABELS: Record<DialogButton, string> = {
  OK: "OK",
  CANCEL: "Cancel",
  YES: "Yes",
  NO: "No",
  CLOSE: "Close",
};

export function askPerson(request: DialogRequest): Promise<DialogAnswer> {
  const dialog = document.getElementById("ui-dialog") as HTMLDialogElement;
  const title = dialog.querySelector<HTMLElement>(".ui-dialog-title")!;
  const text = dialog.querySelector<HTMLElement>(".ui-dialog-prompt")!;
  const input = dialog.querySelector<HTMLInputElement>(".ui-dialog-input")!;
  const buttons = dialog.querySelector<HTMLElement>(".ui-dialog-buttons")!;
  title.textContent = request.title;
  title.hidden = request.title === "";
  text.textContent = request.prompt;
  input.hidden = request.kind !== "prompt";
  input.value = "";
  buttons.replaceChildren();
  return new Promise((resolve) => {
    const finish = (button: DialogButton) => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.close();
      resolve(request.kind === "prompt" ? { button, text: input.value } : { button });
    };
    // Escape closes the dialog, which Apps Script reports as the CLOSE button.
    const onCancel = (event: Event) => {
      event.preventDefault();
      finish("CLOSE");
    };
    dialog.addEventListener("cancel", onCancel);
    request.buttons.forEach((button, index) => {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = LABELS[button];
      // Apps Script lists the affirmative button (OK, Yes) first.
      element.className = index === 0 ? "primary" : "";
      element.addEventListener("click", () => finish(button));
      buttons.append(element);
    });
    dialog.showModal();
    (request.kind === "prompt" ? input : (buttons.firstElementChild as HTMLElement | null))?.focus();
  });
}
