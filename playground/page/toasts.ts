// Spreadsheet toasts (Spreadsheet.toast) in the corner for a few seconds, each shown once.
const SHOWN_MS = 5000;

export class Toasts {
  #lastShown: number | null = null;

  constructor(private readonly root: HTMLElement) {}

  /** Shows toasts newer than those seen; on the first call only remembers where the list stands. */
  update(toasts: Array<{ id: number; title: string; message: string }>): void {
    const newest = toasts.reduce((max, t) => Math.max(max, t.id), 0);
    if (this.#lastShown === null) {
      this.#lastShown = newest;
      return;
    }
    for (const toast of toasts) {
      if (toast.id <= this.#lastShown) continue;
      const element = document.createElement("div");
      element.className = "toast";
      element.setAttribute("role", "status");
      if (toast.title)
        element.append(Object.assign(document.createElement("strong"), { textContent: toast.title }));
      element.append(Object.assign(document.createElement("span"), { textContent: toast.message }));
      this.root.append(element);
      setTimeout(() => element.remove(), SHOWN_MS);
    }
    this.#lastShown = Math.max(this.#lastShown, newest);
  }
}
