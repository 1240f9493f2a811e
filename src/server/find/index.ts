// The Find tab's server functions (searches of organizations, people, jobs and teams).
export * from "./api";
