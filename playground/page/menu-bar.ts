// The menu bar's Extensions menu, with the add-on's submenu built from what its onOpen added.
import type { MenuNode } from "../protocol";

export class MenuBar {
  readonly #button: HTMLButtonElement;
  readonly #menu: HTMLElement;
  #signature = "";

  constructor(
    root: HTMLElement,
    private readonly onItem: (label: string) => void,
  ) {
    this.#button = Object.assign(document.createElement("button"), {
      type: "button",
      className: "menu-button",
      textContent: "Extensions",
    });
    this.#button.setAttribute("aria-haspopup", "menu");
    this.#button.setAttribute("aria-expanded", "false");
    this.#menu = Object.assign(document.createElement("div"), { className: "menu", hidden: true });
    this.#menu.setAttribute("role", "menu");
    this.#menu.setAttribute("aria-label", "Extensions");
    root.append(this.#button, this.#menu);
    this.#button.addEventListener("click", () => this.#toggle(Boolean(this.#menu.hidden)));
    document.addEventListener("mousedown", (event) => {
      if (!root.contains(event.target as Node)) this.#toggle(false);
    });
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        this.#toggle(false);
        this.#button.focus();
      }
    });
  }

  update(title: string, items: MenuNode[]): void {
    const signature = JSON.stringify([title, items]);
    if (signature === this.#signature) return;
    this.#signature = signature;
    const entry =
      items.length > 0 ? [this.#submenu(title, items)] : [this.#note("No add-on menu: onOpen added none.")];
    this.#menu.replaceChildren(...entry);
  }

  #toggle(open: boolean): void {
    this.#menu.hidden = !open;
    this.#button.setAttribute("aria-expanded", String(open));
    if (!open) for (const sub of this.#menu.querySelectorAll<HTMLElement>(".menu .menu")) sub.hidden = true;
  }

  #submenu(label: string, items: MenuNode[]): HTMLElement {
    const wrapper = Object.assign(document.createElement("div"), { className: "submenu" });
    // Hovering opens the submenu too, so a click only ever opens it.
    const opener = this.#item(label, () => {
      inner.hidden = false;
      inner.querySelector<HTMLElement>(".menu-item")?.focus();
    });
    opener.classList.add("has-submenu");
    opener.setAttribute("aria-haspopup", "menu");
    const inner = Object.assign(document.createElement("div"), { className: "menu", hidden: true });
    inner.setAttribute("role", "menu");
    inner.setAttribute("aria-label", label);
    inner.append(...items.map((node) => this.#node(node)));
    wrapper.addEventListener("mouseenter", () => {
      inner.hidden = false;
    });
    wrapper.addEventListener("mouseleave", () => {
      inner.hidden = true;
    });
    wrapper.append(opener, inner);
    return wrapper;
  }

  #node(node: MenuNode): HTMLElement {
    if ("separator" in node) {
      const line = Object.assign(document.createElement("div"), { className: "menu-separator" });
      line.setAttribute("role", "separator");
      return line;
    }
    if ("items" in node) return this.#submenu(node.label, node.items);
    return this.#item(node.label, () => {
      this.#toggle(false);
      this.onItem(node.label);
    });
  }

  #item(label: string, onClick: () => void): HTMLButtonElement {
    const item = Object.assign(document.createElement("button"), {
      type: "button",
      className: "menu-item",
      textContent: label,
    });
    item.setAttribute("role", "menuitem");
    item.addEventListener("click", onClick);
    return item;
  }

  #note(text: string): HTMLElement {
    return Object.assign(document.createElement("div"), { className: "menu-note", textContent: text });
  }
}
