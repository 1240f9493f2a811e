// The v9 contract: one module of schemas, constants and endpoints for the client, the emulator and the tests.
export * from "./common";
export * from "./endpoints";
export * from "./jobs";
export * from "./limits";
export * from "./lists";
export * from "./lookups";
export * from "./organization-catalog";
export * from "./organization-details";
export * from "./organizations";
export * from "./people";
export * from "./prices";
export * from "./signals";
export * from "./support";
export * from "./teams";
