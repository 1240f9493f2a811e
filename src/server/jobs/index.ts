// Background jobs' server functions: start, watch, stop and resume runs, schedule refreshes, the trigger.
export * from "./api";
