// The guards src/main.ts wraps every non-formula entry point in.

export { flushOnOpen } from "../log/deferred-log";
export { fromMenu, fromSidebar, fromTrigger, IN_CELL_MESSAGE } from "./guard";
