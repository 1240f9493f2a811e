// The sheet tabs along the bottom, and "+" for a new sheet; a strip that scrolls when there are many.
export class SheetTabs {
  #signature = "";

  constructor(
    private readonly root: HTMLElement,
    private readonly onPick: (sheet: string) => void,
  ) {
    // The strip narrows when the status text beside it grows ("Working…" to "All changes computed") or the
    // window does: the sheet showing is kept in view then too, not left under the status text.
    new ResizeObserver(() => this.#showActive()).observe(root);
  }

  #showActive(): void {
    this.root
      .querySelector('[aria-selected="true"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  update(sheets: Array<{ name: string; hidden: boolean }>, active: string): void {
    const signature = JSON.stringify([sheets, active]);
    if (signature === this.#signature) return;
    this.#signature = signature;
    const tabs = sheets
      .filter((sheet) => !sheet.hidden)
      .map((sheet) => {
        const tab = Object.assign(document.createElement("button"), {
          type: "button",
          className: "tab",
          textContent: sheet.name,
        });
        // A name cut short by the strip's ellipsis is read in full on hover.
        tab.title = sheet.name;
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-selected", String(sheet.name === active));
        tab.addEventListener("click", () => {
          if (sheet.name !== active) this.onPick(sheet.name);
        });
        return tab;
      });
    this.root.replaceChildren(...tabs);
    // The strip scrolls when the tabs outgrow it: keep the sheet in view showing.
    this.#showActive();
  }
}
