// The custom functions' server side: one runner per formula.
export { formulas } from "./run";
