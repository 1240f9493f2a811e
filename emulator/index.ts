// The emulator's public surface: state, the synchronous core handler, the demo key and the HTTP shell.
export { DEMO_API_KEY } from "./accounts.ts";
export { handle } from "./core.ts";
export { type RunningEmulator, type ServerOptions, startEmulatorServer } from "./http-server.ts";
export { createEmulatorState, type EmulatorOptions, type EmulatorState, resetState } from "./state.ts";
export type { EmulatorRequest, EmulatorResponse } from "./types.ts";
