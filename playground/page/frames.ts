// The add-on's HTML in the page: the 300 px sidebar and dialogs, in frames with google.script's stand-in.
import { type HtmlPanelView, SCRIPT_SHIM_PATH } from "../protocol";

const SIDEBAR_TITLE_FALLBACK = "Add-on";
const DIALOG_SIZE = { width: 600, height: 400 };

/** The content with the stand-in loaded first, before any of the page's own scripts run. */
export function withShim(html: string): string {
  const tag = `<script src="${SCRIPT_SHIM_PATH}"></script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + tag + html.slice(doctype[0].length);
  return tag + html;
}

export class Frames {
  #sidebarShown = 0;
  #dialogShown = 0;
  readonly #sidebar = document.getElementById("sidebar") as HTMLElement;
  readonly #sidebarFrame = document.getElementById("sidebar-frame") as HTMLIFrameElement;
  readonly #dialog = document.getElementById("html-dialog") as HTMLDialogElement;
  readonly #dialogFrame = document.getElementById("html-dialog-frame") as HTMLIFrameElement;

  constructor() {
    document.getElementById("sidebar-close")!.addEventListener("click", () => this.closeSidebar());
    document.getElementById("html-dialog-close")!.addEventListener("click", () => this.#dialog.close());
  }

  /** Takes what is already shown as seen, without showing it. */
  remember(sidebar: HtmlPanelView | null, dialog: HtmlPanelView | null): void {
    this.#sidebarShown = sidebar?.id ?? 0;
    this.#dialogShown = dialog?.id ?? 0;
  }

  /** Shows panels the server has shown since the last call (an id not seen yet). */
  update(sidebar: HtmlPanelView | null, dialog: HtmlPanelView | null): void {
    if (sidebar && sidebar.id > this.#sidebarShown) {
      this.#sidebarShown = sidebar.id;
      document.getElementById("sidebar-title")!.textContent = sidebar.title || SIDEBAR_TITLE_FALLBACK;
      this.#sidebarFrame.srcdoc = withShim(sidebar.html);
      this.#sidebar.hidden = false;
    }
    if (dialog && dialog.id > this.#dialogShown) {
      this.#dialogShown = dialog.id;
      document.getElementById("html-dialog-title")!.textContent = dialog.title;
      this.#dialogFrame.style.width = `${dialog.width ?? DIALOG_SIZE.width}px`;
      this.#dialogFrame.style.height = `${dialog.height ?? DIALOG_SIZE.height}px`;
      this.#dialogFrame.srcdoc = withShim(dialog.html);
      if (this.#dialog.open) this.#dialog.close();
      if (dialog.kind === "modalDialog") this.#dialog.showModal();
      else this.#dialog.show();
    }
  }

  closeSidebar(): void {
    this.#sidebar.hidden = true;
    this.#sidebarFrame.srcdoc = "";
  }

  /** google.script.host.close() from inside one of the frames. */
  close(frame: Window): void {
    if (frame === this.#sidebarFrame.contentWindow) this.closeSidebar();
    else if (frame === this.#dialogFrame.contentWindow) this.#dialog.close();
  }

  resize(frame: Window, size: { width?: number; height?: number }): void {
    if (frame !== this.#dialogFrame.contentWindow) return;
    if (size.width !== undefined) this.#dialogFrame.style.width = `${size.width}px`;
    if (size.height !== undefined) this.#dialogFrame.style.height = `${size.height}px`;
  }
}
