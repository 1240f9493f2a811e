// The seeded organization lists (user and group) and contact lists every account starts with.
import { COUNTRIES } from "./catalog/geography.ts";
import { findTechnology } from "./catalog/technologies.ts";
import { hashSeed, Random } from "./prng.ts";
import { personId } from "./record-ids.ts";
import type { Organization } from "./types.ts";

export interface OrgListSeed {
  id: number;
  name: string;
  type: "user" | "group";
  readOnly: boolean;
  deletable: boolean;
  deleted: boolean;
  includeInSignals: boolean;
  orgIndexes: number[];
}

export interface ContactSeed {
  personId: number;
  emailRequested: boolean;
  phoneRequested: boolean;
}

export interface ContactListSeed {
  id: number;
  name: string;
  contacts: ContactSeed[];
}

/** Ids given to lists an account creates start here. */
export const FIRST_CREATED_ORG_LIST_ID = 7501;
export const FIRST_CREATED_CONTACT_LIST_ID = 8501;

export function generateOrgLists(orgs: readonly Organization[], seed: number): OrgListSeed[] {
  const r = new Random(hashSeed(seed, "org-lists"));
  const active = orgs.filter((o) => o.status === "active");
  const sample = (pool: readonly Organization[], count: number) => {
    const chosen = new Set<number>();
    for (let i = 0; i < count * 4 && chosen.size < Math.min(count, pool.length); i++)
      chosen.add(r.pick(pool).index);
    return [...chosen].sort((a, b) => a - b);
  };
  const warehouse = new Set(["snowflake", "databricks"].map((slug) => findTechnology(slug)!.index));
  const dataInfra = active.filter((o) => o.techs.some((t) => warehouse.has(t)));
  const northAmerica = new Set(["US", "CA"].map((code) => COUNTRIES.findIndex((c) => c.code === code)));
  const bigNorthAmerica = active.filter((o) => northAmerica.has(o.country) && o.employeeCount >= 1000);
  const emeaMidMarket = active.filter(
    (o) => !northAmerica.has(o.country) && o.employeeCount >= 200 && o.employeeCount < 5000,
  );
  const user = (
    id: number,
    name: string,
    orgIndexes: number[],
    extra: Partial<OrgListSeed> = {},
  ): OrgListSeed => ({
    id,
    name,
    type: "user",
    readOnly: false,
    deletable: true,
    deleted: false,
    includeInSignals: true,
    orgIndexes,
    ...extra,
  });
  const group = (id: number, name: string, orgIndexes: number[]): OrgListSeed => ({
    id,
    name,
    type: "group",
    readOnly: true,
    deletable: false,
    deleted: false,
    includeInSignals: true,
    orgIndexes,
  });
  return [
    user(7001, "My Accounts", sample(active, 25), { deletable: false }),
    user(7002, "Q3 Expansion Targets", sample(active, 40)),
    user(7003, "Data Infrastructure Prospects", sample(dataInfra, 30)),
    user(7004, "Churned Customers", sample(orgs, 12), { deleted: true }),
    user(7005, "Event Leads", sample(active, 15), { includeInSignals: false }),
    group(7101, "Territory: North America Enterprise", sample(bigNorthAmerica, 50)),
    group(7102, "Territory: EMEA Mid-Market", sample(emeaMidMarket, 50)),
  ];
}

export function generateContactLists(
  orgs: readonly Organization[],
  seed: number,
  myAccounts: readonly number[],
): ContactListSeed[] {
  const r = new Random(hashSeed(seed, "contact-lists"));
  const staffed = myAccounts.map((i) => orgs[i]!).filter((o) => o.peopleCount > 0);
  const contacts = (count: number): ContactSeed[] => {
    const ids = new Set<number>();
    for (let i = 0; i < count * 4 && ids.size < count && staffed.length > 0; i++) {
      const org = r.pick(staffed);
      ids.add(personId(org.index, r.int(0, org.peopleCount - 1)));
    }
    return [...ids].map((id) => ({
      personId: id,
      emailRequested: r.chance(0.4),
      phoneRequested: r.chance(0.1),
    }));
  };
  return [
    { id: 8001, name: "Champions", contacts: contacts(20) },
    { id: 8002, name: "Conference follow-up", contacts: contacts(12) },
  ];
}
