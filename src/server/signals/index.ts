// The Signals tab's server functions (signal feeds, organization signals, the priority digest).
export * from "./api";
