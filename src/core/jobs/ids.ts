// Short time-ordered ids for jobs, rules and executions, with random digits against collisions.

export function newId(now: number, random: () => number = Math.random): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += Math.floor(random() * 36).toString(36);
  return `${now.toString(36)}${suffix}`;
}
