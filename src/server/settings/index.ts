// The Settings tab's server functions (key, service check, credits, formula settings).
export * from "./api";
