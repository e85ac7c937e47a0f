#!/usr/bin/env node
// The `portal-roadmap` command. Node does not strip TypeScript types in files under node_modules, so an installed
// package runs the JavaScript that `npm pack` compiled into lib/; a checkout of the repository runs src/ itself.
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { packageModuleUrl } from './package-module.mjs';

// Called directly (`./node_modules/.bin/portal-roadmap` from cron), it runs on the first Node in PATH, not on the one
// npm scripts and npx give it (the `node` devDependency): an older one would fail deep inside a dependency.
const wanted = /^>=(\d+)\.(\d+)/.exec(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node);
const [major, minor] = process.versions.node.split('.').map(Number);
if (wanted && (major < Number(wanted[1]) || (major === Number(wanted[1]) && minor < Number(wanted[2])))) {
  process.stderr.write(
    `error: portal-roadmap needs Node ${wanted[1]}.${wanted[2]} or later, and ${process.execPath} is Node ${process.versions.node}. ` +
      'Run it through npm (`npx portal-roadmap …`, or an npm script), which uses the Node of the project (its `node` devDependency), or put a newer Node first in PATH.\n',
  );
  process.exit(1);
}

// Node keeps what it compiled (and the TypeScript it stripped, in a checkout) on disk, in its temporary folder unless
// NODE_COMPILE_CACHE names another (NODE_DISABLE_COMPILE_CACHE=1 turns it off): a rebuild that a cron job runs again
// and again loads its modules from there. It never fails a run; the `astro build` a rebuild starts is not affected.
// @see https://nodejs.org/api/module.html#module-compile-cache
// Called as a property: a Node too old to have it reaches the version check above, not an import error.
module.enableCompileCache?.();

let entry;
try {
  entry = packageModuleUrl('cli/main');
} catch (error) {
  process.stderr.write(`error: ${error.message}\n`);
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
