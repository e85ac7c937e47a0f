/** What every part of `npm run bench` shares: where it runs, the site it builds, the environment it builds in, its log. */
import { ROADMAP_ENV_NAMES } from '../../src/config/env.ts';
import { astroBin } from '../../src/publish/run-node.ts';

export const ROOT = process.cwd();
export const ASTRO = astroBin(ROOT);
export const SITE = 'https://roadmap.example.com';

/** A synthetic workspace the bench measures. */
export interface Size {
  name: string;
  issues: number;
  projects: number;
  /** The fake portal's read limit per minute for the fetch measurement (its burst is the documented 2x over 10 s). */
  readsPerMinute: number;
}

// The bench decides every variable portal-roadmap reads; none may leak in from the caller's shell.
export const baseEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } as NodeJS.ProcessEnv;
for (const key of ROADMAP_ENV_NAMES) delete baseEnv[key];
baseEnv.ROADMAP_SITE = SITE;

export const log = (line: string) => console.error(`[bench] ${line}`);
