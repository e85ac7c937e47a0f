/** Setup of the package tier: `npm pack` once, the tarball handed to every test file. */
import type { TestProject } from 'vitest/node';
import { pack } from './install.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    packed: { tarball: string; files: string[] };
  }
}

export default function setup(project: TestProject) {
  project.provide('packed', pack());
}
