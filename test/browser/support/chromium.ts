// The browser tests' Chromium: the one launcher the screenshots and the playground bench use too.
export { type Browser, chromiumPath, launchChromium, VIEWPORT } from "../../../scripts/lib/chromium.ts";
