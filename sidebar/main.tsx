// Boots the sidebar: reads which screen the server asked for, then renders the app into #app.
import { render } from "preact";
import { parseStart, START_ELEMENT_ID } from "../src/server/sidebar/contract";
import { App } from "./app";

// The server appends the start element after the script, so it exists only once parsing is done.
function boot(): void {
  const start = parseStart(document.getElementById(START_ELEMENT_ID)?.textContent);
  render(<App start={start} />, document.getElementById("app")!);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
else boot();
