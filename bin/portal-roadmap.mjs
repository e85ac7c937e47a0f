#!/usr/bin/env node
// The `portal-roadmap` command. Node does not strip TypeScript types in files under node_modules, so an installed
// package runs the JavaScript that `npm pack` compiled into lib/; a checkout of the repository runs src/ itself.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const installed = fileURLToPath(import.meta.url)
  .split(/[\\/]/)
  .includes('node_modules');
const entry = new URL(installed ? '../lib/cli/main.js' : '../src/cli/main.ts', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    `error: ${fileURLToPath(entry)} is missing: this copy of portal-roadmap was not packed with \`npm pack\`. Reinstall it from the registry or from a packed tarball.\n`,
  );
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
