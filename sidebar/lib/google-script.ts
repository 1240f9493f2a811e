// The client side of google.script.run, declared here because @types/google-apps-script covers only the
// server. Only what the bridge uses: the success and failure handlers, then the server function by name.

export interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
}

export interface GoogleScript {
  run: ScriptRun;
  host?: { close(): void };
}

/** google.script in an HtmlService page (or the playground's stand-in); undefined anywhere else. */
export function googleScript(): GoogleScript | undefined {
  return (globalThis as { google?: { script?: GoogleScript } }).google?.script;
}
