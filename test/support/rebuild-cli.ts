/** Runs `npm run rebuild` (scripts/rebuild.ts) as CI does, against the shared fake portal, capturing its GitHub Actions outputs. */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './build-site.ts';

export interface RebuildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  githubOutput: string;
  summary: string;
}

export function runRebuildCli(options: { apiUrl: string; workspaceId: string; dir: string; site: string; args?: string[]; env?: Record<string, string> }): Promise<RebuildRun> {
  const { dir } = options;
  const githubOutput = join(dir, `github-output-${Math.random()}`);
  const summary = join(dir, `summary-${Math.random()}`);
  writeFileSync(githubOutput, '');
  writeFileSync(summary, '');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/rebuild.ts', '--out', join(dir, 'dist'), '--state', join(dir, 'state'), ...(options.args ?? [])], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORTAL_API_URL: options.apiUrl,
        PORTAL_WORKSPACE_ID: options.workspaceId,
        PORTAL_TIMEOUT_MS: '2000',
        ROADMAP_SITE: options.site,
        ROADMAP_CACHE_DIR: join(dir, 'cache'),
        GITHUB_OUTPUT: githubOutput,
        GITHUB_STEP_SUMMARY: summary,
        NO_COLOR: '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, githubOutput: readFileSync(githubOutput, 'utf8'), summary: readFileSync(summary, 'utf8') }));
  });
}
