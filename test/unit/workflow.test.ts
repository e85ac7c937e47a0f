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
  jobs: Record<string, { if?: string; steps: Step[] }>;
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
    for (const action of ['actions/upload-pages-artifact', 'actions/deploy-pages', 'actions/cache/save']) {
      expect(steps.find((step) => step.uses?.startsWith(action))?.if, action).toBe("steps.rebuild.outputs.changed == 'true'");
    }
  });

  it('records the state as published only after the deploy step', () => {
    const index = (action: string) => steps.findIndex((step) => step.uses?.startsWith(action));
    expect(index('actions/cache/restore')).toBeLessThan(steps.findIndex((step) => step.id === 'rebuild'));
    expect(index('actions/upload-pages-artifact')).toBeLessThan(index('actions/deploy-pages'));
    expect(index('actions/deploy-pages')).toBeLessThan(index('actions/cache/save'));
  });

  it('offers --force and --fresh-history as inputs of a run by hand, and passes them only when ticked', () => {
    const rebuild = steps.find((step) => step.id === 'rebuild')!;
    const inputs = (workflow.on.workflow_dispatch as { inputs: Record<string, { type: string; default: boolean }> }).inputs;
    expect(Object.keys(inputs).sort()).toEqual(['force', 'fresh_history']);
    expect(rebuild.run).toContain("${{ inputs.force && '--force' || '' }}");
    expect(rebuild.run).toContain("${{ inputs.fresh_history && '--fresh-history' || '' }}");
    expect(Object.values(inputs).every((input) => input.type === 'boolean' && input.default === false)).toBe(true);
  });

  it('passes the portal variables to the rebuild', () => {
    const rebuild = steps.find((step) => step.id === 'rebuild')!;
    expect(Object.keys(rebuild.env ?? {})).toEqual(expect.arrayContaining(['PORTAL_API_URL', 'PORTAL_WORKSPACE_ID', 'ROADMAP_SITE']));
  });
});
