// The Refreshes section: what each scheduled refresh last changed, its threshold, and a schedule's price.
export * from "./api";
