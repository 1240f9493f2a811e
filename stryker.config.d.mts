// Types of stryker.config.mjs for scripts/mutate.ts, which reads its list of paid paths.
export declare const PAID_PATHS: string[];
declare const config: Record<string, unknown>;
export default config;
