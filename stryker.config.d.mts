// Types of stryker.config.mjs for scripts/mutate.ts, which reads its list of paid paths, and its tests.
export declare const PAID_PATHS: string[];
/** The options for a run, from what scripts/mutate.ts hands over in the environment. */
export declare function strykerOptions(env: Record<string, string | undefined>): Record<string, unknown>;
declare const config: Record<string, unknown>;
export default config;
