// Accounts by API key: balance, CRM seat, ICP, the ledger and what the account has done.

/** One charge as the admin ledger reports it. */
export interface LedgerEntry {
  /** The `id` of the response that reported the charge. */
  id: string;
  at: string;
  method: string;
  path: string;
  credits: number;
  balance_after: number;
}

export const DEMO_API_KEY = "demo-key-0123456789abcdef";
export const DEMO_CREDITS = 1_000_000;

export interface AccountSettings {
  apiKey: string;
  credits: number;
  /** A linked CRM seat: `account_status` fields are populated and group lists are visible. */
  crmSeat: boolean;
  /** An ideal customer profile exists, so `person_score` is available. */
  icp: boolean;
}

export interface Account extends AccountSettings {
  ledger: LedgerEntry[];
  /** Person ids whose email or phone this account has already paid to reveal. */
  revealedEmails: Set<number>;
  revealedPhones: Set<number>;
  /** Per-account state other handlers keep (saved lists, relevance feedback), created on first use. */
  data: Map<string, unknown>;
}

export function createAccount(settings: AccountSettings): Account {
  return { ...settings, ledger: [], revealedEmails: new Set(), revealedPhones: new Set(), data: new Map() };
}

export const DEMO_ACCOUNT: AccountSettings = {
  apiKey: DEMO_API_KEY,
  credits: DEMO_CREDITS,
  crmSeat: true,
  icp: true,
};

/** The account's value under `key`, created by `init` the first time it is asked for. */
export function accountData<T>(account: Account, key: string, init: () => T): T {
  if (!account.data.has(key)) account.data.set(key, init());
  return account.data.get(key) as T;
}
