// Record ids that encode their organization, so a record is found from its id without generating all.
import { MAX_JOBS_PER_ORG, MAX_PEOPLE_PER_ORG, MAX_TEAMS_PER_ORG } from "./organizations.ts";

const PERSON_BASE = 100_000_000;
const POST_BASE = 700_000_000;
const TEAM_BASE = 30_000_000;
const PER_ORG = 10_000;
const TEAMS_PER_ORG = 1_000;

export function personId(orgIndex: number, index: number): number {
  return PERSON_BASE + orgIndex * PER_ORG + index;
}

export function postId(orgIndex: number, index: number): number {
  return POST_BASE + orgIndex * PER_ORG + index;
}

export function teamId(orgIndex: number, index: number): number {
  return TEAM_BASE + orgIndex * TEAMS_PER_ORG + index;
}

export interface RecordRef {
  orgIndex: number;
  index: number;
}

function decode(id: number, base: number, stride: number, max: number): RecordRef | undefined {
  if (!Number.isSafeInteger(id) || id < base) return undefined;
  const offset = id - base;
  const index = offset % stride;
  return index < max ? { orgIndex: Math.floor(offset / stride), index } : undefined;
}

export function decodePersonId(id: number): RecordRef | undefined {
  return decode(id, PERSON_BASE, PER_ORG, MAX_PEOPLE_PER_ORG);
}

export function decodePostId(id: number): RecordRef | undefined {
  return decode(id, POST_BASE, PER_ORG, MAX_JOBS_PER_ORG);
}

export function decodeTeamId(id: number): RecordRef | undefined {
  return decode(id, TEAM_BASE, TEAMS_PER_ORG, MAX_TEAMS_PER_ORG);
}
