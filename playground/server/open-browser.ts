// Opens the playground in a browser: the system's default one, or the command named by BROWSER.
import { spawn } from "node:child_process";

/** Starts `browser` ("default" for the system's) on `url`; false when it could not be started. */
export function openBrowser(browser: string, url: string): Promise<boolean> {
  const [command, args] =
    browser !== "default"
      ? [browser, [url]]
      : process.platform === "darwin"
        ? ["open", [url]]
        : process.platform === "win32"
          ? ["cmd", ["/c", "start", "", url]]
          : ["xdg-open", [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: "ignore" });
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}
