/**
 * Setup of the site and browser tiers: starts the one fake portal every test
 * file shares, and builds each fixture site once (test/support/fixtures.ts),
 * so no test file runs a build of its own unless its scenario needs one.
 */
import type { TestProject } from 'vitest/node';
import { startFakePortal } from './fake-portal.ts';
import { buildFixtures } from './fixture-builds.ts';
import { SCENARIOS } from './scenarios.ts';

export default async function setup(project: TestProject) {
  const portal = await startFakePortal(SCENARIOS);
  try {
    project.provide('portalApiUrl', portal.apiUrl);
    project.provide('fixtures', await buildFixtures(portal.apiUrl, (line) => console.log(line)));
  } catch (error) {
    await portal.close();
    throw error;
  }
  return () => portal.close();
}
