// The Lists tab's server functions (organization and contact lists).
export * from "./api";
