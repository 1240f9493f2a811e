// google.script in the sidebar and dialog frames: HtmlService's client half, sent through the hosting page.
import { type CallOutcome, HOST_GLOBAL, type PlaygroundHost } from "./host-api";

type Handler = (value: unknown, userObject: unknown) => void;

interface RunConfig {
  success: Handler | null;
  failure: Handler | null;
  userObject: unknown;
}

const host = (window.parent as unknown as Record<string, PlaygroundHost | undefined>)[HOST_GLOBAL];

/** What google.script.run refuses to carry, named as the platform names it: the path of the bad value. */
function illegalValue(value: unknown, path: string): string | null {
  if (value === null || ["string", "number", "boolean", "undefined"].includes(typeof value)) return null;
  if (typeof value !== "object" || value instanceof Date) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illegalValue(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return path;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const found = illegalValue(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** A form passed as the only argument arrives as an object of its fields, as google.script.run sends it. */
function formValues(form: HTMLFormElement): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== "string") continue;
    const previous = out[key];
    out[key] =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

function deliver(config: RunConfig, outcome: CallOutcome): void {
  if (outcome.ok) {
    config.success?.(outcome.value, config.userObject);
    return;
  }
  const error = new Error(outcome.error);
  if (config.failure) config.failure(error, config.userObject);
  else console.error(error);
}

function runner(config: RunConfig): Record<string, unknown> {
  const run: Record<string, unknown> = {
    withSuccessHandler: (handler: Handler) => runner({ ...config, success: handler }),
    withFailureHandler: (handler: Handler) => runner({ ...config, failure: handler }),
    withUserObject: (userObject: unknown) => runner({ ...config, userObject }),
  };
  for (const name of host?.functions ?? []) {
    run[name] = (...raw: unknown[]) => {
      const args = raw.length === 1 && raw[0] instanceof HTMLFormElement ? [formValues(raw[0])] : raw;
      const bad = illegalValue(args, "");
      if (bad !== null) {
        // The platform fails the call before sending anything; handlers still run asynchronously.
        const outcome: CallOutcome = { ok: false, error: `Failed due to illegal value in property: ${bad}` };
        setTimeout(() => deliver(config, outcome), 0);
        return;
      }
      host!
        .call(name, JSON.parse(JSON.stringify(args)) as unknown[])
        .then((outcome) => deliver(config, outcome));
    };
  }
  return run;
}

const google = {
  script: {
    run: runner({ success: null, failure: null, userObject: undefined }),
    host: {
      origin: window.location.origin,
      close: () => host?.close(window),
      editor: { focus: () => host?.focusEditor() },
      setHeight: (height: number) => host?.resize(window, { height }),
      setWidth: (width: number) => host?.resize(window, { width }),
    },
    url: {
      getLocation: (callback: (location: object) => void) =>
        setTimeout(() => callback({ hash: "", parameter: {}, parameters: {} }), 0),
    },
  },
};

(window as unknown as { google: typeof google }).google = google;
