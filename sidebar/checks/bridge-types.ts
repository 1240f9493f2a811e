// Compile-time checks (npm run typecheck, tsconfig.sidebar.json) that the bridge's types are the server's:
// each @ts-expect-error below fails the type-check if the line it marks ever compiles.
import { server } from "../bridge";

export async function bridgeTypeChecks(): Promise<void> {
  // A server function that exists: its parameters and its result type come from src/main.ts.
  const saved: { masked: string } = await server.saveApiKey("key");
  void saved;

  // @ts-expect-error — no such export in src/main.ts: a renamed or removed server function breaks the sidebar build.
  await server.noSuchServerFunction();

  // @ts-expect-error — saveApiKey takes the key as text, as src/main.ts declares.
  await server.saveApiKey(42);

  // @ts-expect-error — the result is the server's KeyView, which has no `key` field: the key never comes back.
  (await server.saveApiKey("key")).key;
}
