// What the sidebar shows of the credits: the one money record's view (src/core/spending/money-record.ts).
export type { MoneyView as CreditsView } from "../../core/spending/money-record";
