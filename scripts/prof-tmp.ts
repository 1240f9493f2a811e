import { startPlayground } from "../playground/server/start-playground.ts";
import { launchChromium } from "./lib/chromium.ts";

const leads = {
  name: "Leads",
  rows: 2500,
  cols: 30,
  values: [["Domain", "Employees"], ...Array.from({ length: 2499 }, (_, i) => [`lead${i + 2}.com`, i])],
};
const p = await startPlayground({
  port: 0,
  tickMs: 0,
  sheets: [leads, { name: "Notes", values: [["Kept"]] }],
});
const b = await launchChromium();
const page = b.page;
page.on("request", (r) => {
  if (r.url().includes("/api/"))
    console.log(Date.now() % 100000, r.method(), r.url().replace(/^.*\/api/, ""), r.postData() ?? "");
});
await page.goto(p.url);
await page.locator('td[data-a1="A2"]').filter({ hasText: /\S/ }).waitFor();
const nb = page.getByLabel("Name box");
await nb.fill("A1:B3");
await nb.press("Enter");
console.log(Date.now() % 100000, "after goTo", await nb.inputValue());
await page.getByRole("tab", { name: "Notes" }).click();
for (let i = 0; i < 50; i++) {
  if ((await page.getByRole("tab", { name: "Notes" }).getAttribute("aria-selected")) === "true") break;
  await new Promise((r) => setTimeout(r, 20));
}
console.log(Date.now() % 100000, "tab selected", await nb.inputValue());
await nb.fill("C2");
await nb.press("Enter");
for (let i = 0; i < 10; i++) {
  console.log(Date.now() % 100000, "nb", await nb.inputValue());
  await new Promise((r) => setTimeout(r, 200));
}
await b.close();
await p.close();
