// The More tab's server functions (briefs, tech stack, freeze, support, log and prices).
export * from "./api";
