/**
 * A child process that builds fixture sites one after the other with Astro's
 * `build()`, for test/support/fixture-builds.ts. Each build in a fresh
 * `astro build` process spent about 2.5 of its 6.5 CPU-seconds starting Node
 * and loading and compiling Astro, Vite and our sources; a process that builds
 * a second site has them loaded and warm (the demo: 6.5 then 4.0 CPU-seconds,
 * its output byte-identical to a fresh process's).
 *
 * Each build gets the variables a fresh process would (those of the parent,
 * minus every one that picks a data source, plus the build's own), and what it
 * prints is collected and sent back with its exit code, as `buildSite` returns
 * them. Every build's outDir is inside the project, so Astro stages its server
 * bundle in `<outDir>/.prerender/` (astro/dist/prerender/utils.js): each build
 * imports a bundle of its own, never a module instance of the build before it.
 */
import { relative } from 'node:path';
import { build } from 'astro';
import { PROJECT_ROOT, SOURCE_VARIABLES, buildEnv } from './build-site.ts';

export interface BuildRequest {
  id: number;
  env: Record<string, string>;
  outDir: string;
  cacheDir: string;
  /** The build's project root (`ownProjectRoot`): builds at once never share one. */
  root: string;
}

export interface BuildReply {
  id: number;
  code: number;
  output: string;
  /** The builder's CPU time over the build, in seconds (its render worker threads included). */
  cpuSeconds: number;
}

const inherited = { ...process.env };
let output = '';
const collect = (chunk: string | Uint8Array) => {
  output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return true;
};
process.stdout.write = collect as typeof process.stdout.write;
process.stderr.write = collect as typeof process.stderr.write;

async function buildOne(request: BuildRequest): Promise<BuildReply> {
  if (relative(PROJECT_ROOT, request.outDir).startsWith('..'))
    throw new Error(`${request.outDir} is outside the project: its server bundle would be staged where the last build's was`);
  for (const key of Object.keys(process.env)) if (!(key in inherited) || SOURCE_VARIABLES.includes(key)) delete process.env[key];
  Object.assign(process.env, buildEnv(inherited, request.env, request.cacheDir));
  output = '';
  const cpuBefore = process.cpuUsage();
  let code = 0;
  try {
    await build({ root: request.root, outDir: request.outDir });
  } catch (error) {
    code = 1;
    collect(`${(error as Error).stack ?? String(error)}\n`);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { id: request.id, code, output, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

let queue = Promise.resolve();
process.on('message', (request: BuildRequest) => {
  queue = queue.then(async () => {
    const reply = await buildOne(request).catch((error: Error) => ({ id: request.id, code: 1, output: `${output}\n${error.stack}`, cpuSeconds: 0 }));
    process.send!(reply);
  });
});
// The parent disconnects when every fixture is built.
process.on('disconnect', () => process.exit(0));
