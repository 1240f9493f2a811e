// Short ids for jobs, rules and executions: time-ordered, with random digits so that two executions
// starting in the same millisecond do not collide (no crypto in Apps Script; Math.random suffices here).

export function newId(now: number, random: () => number = Math.random): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += Math.floor(random() * 36).toString(36);
  return `${now.toString(36)}${suffix}`;
}
