/** The example workflow users copy: it must parse, trigger as documented, and call only scripts that exist. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step {
  id?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { if?: string; needs?: string; steps: Step[]; outputs?: Record<string, string> }>;
}

const workflow = parse(readFileSync('.github/workflows/roadmap.yml', 'utf8')) as Workflow;
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

describe('.github/workflows/roadmap.yml', () => {
  it('runs on a schedule, by hand, and from a webhook', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['repository_dispatch', 'schedule', 'workflow_dispatch']);
    expect(workflow.on.repository_dispatch).toEqual({ types: ['roadmap-changed'] });
  });

  it('calls only npm scripts that exist', () => {
    const called = steps.flatMap((step) => [...(step.run ?? '').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect(called).toContain('rebuild');
    for (const name of called) expect(scripts, `npm run ${name}`).toHaveProperty(name);
    expect(steps.some((step) => step.run === 'npm ci')).toBe(true);
  });

  it('keeps .roadmap/ between runs and deploys only when the rebuild changed something', () => {
    const caches = steps.filter((step) => step.uses?.startsWith('actions/cache/'));
    expect(caches.map((step) => step.with?.path)).toEqual(['.roadmap', '.roadmap']);
    const rebuild = steps.find((step) => step.run?.includes('npm run rebuild'))!;
    expect(rebuild.id).toBe('rebuild');
    expect(rebuild.run).toContain('--state .roadmap');
    expect(workflow.jobs.rebuild?.outputs?.changed).toBe('${{ steps.rebuild.outputs.changed }}');
    expect(workflow.jobs.deploy?.if).toBe("needs.rebuild.outputs.changed == 'true'");
    expect(steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact'))?.if).toBe("steps.rebuild.outputs.changed == 'true'");
  });

  it('passes the portal variables to the rebuild', () => {
    const rebuild = steps.find((step) => step.id === 'rebuild')!;
    expect(Object.keys(rebuild.env ?? {})).toEqual(expect.arrayContaining(['PORTAL_API_URL', 'PORTAL_WORKSPACE_ID']));
  });
});
