import type { TestProject } from 'vitest/node';
import { startFakePortal } from './fake-portal.ts';
import { SCENARIOS } from './scenarios.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Root of the shared fake portal's v1 API. */
    portalApiUrl: string;
  }
}

/** Starts the one fake portal every integration test shares. */
export default async function setup(project: TestProject) {
  const portal = await startFakePortal(SCENARIOS);
  project.provide('portalApiUrl', portal.apiUrl);
  return () => portal.close();
}
