// What the page offers the frames it hosts (sidebar, dialogs): google.script's stand-in calls these.

export type CallOutcome = { ok: true; value: unknown } | { ok: false; error: string };

export interface PlaygroundHost {
  /** Functions the project lets google.script.run call. */
  functions: string[];
  /** Runs a server function, answering the alerts and prompts it shows along the way. */
  call(name: string, args: unknown[]): Promise<CallOutcome>;
  /** google.script.host.close() from the frame whose window this is. */
  close(frame: Window): void;
  /** google.script.host.editor.focus(). */
  focusEditor(): void;
  /** google.script.host.setWidth / setHeight (dialogs only). */
  resize(frame: Window, size: { width?: number; height?: number }): void;
}

export const HOST_GLOBAL = "playgroundHost";
