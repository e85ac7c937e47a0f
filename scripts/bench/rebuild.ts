/** The rebuild figures of `npm run bench` (scripts/bench.ts has their meaning). */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTED_READ_LIMITS } from '../../src/portal/pacer.ts';
import { runNode } from '../../src/publish/run-node.ts';
import type { syntheticWorkspace } from '../../test/support/synthetic.ts';
import { childrenCpuSeconds, clearSharedCaches } from './builds.ts';
import { baseEnv, log, ROOT, type Size } from './context.ts';
import { startLimitedPortal } from './fetch.ts';
import { sampleTreePeak, timelineLines } from './memory.ts';
import { round } from './stats.ts';

/**
 * `portal-roadmap rebuild` from the fake portal, which keeps to the documented read limits as the service does: a
 * full rebuild (fetch and build), with the peak memory of its whole process tree (the CLI, `astro build`, Pagefind),
 * then one on unchanged data. With `timeline`, the log shows each process's share once a second during the full one.
 */
export async function measureRebuild(size: Size, workspace: ReturnType<typeof syntheticWorkspace>, options: { timeline?: boolean } = {}) {
  const portal = await startLimitedPortal(workspace, DOCUMENTED_READ_LIMITS);
  const dir = mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
  const env = { ...baseEnv, PORTAL_API_URL: portal.apiUrl, PORTAL_WORKSPACE_ID: 'bench' };
  const args = ['bin/portal-roadmap.mjs', 'rebuild', '--out', join(dir, 'dist'), '--state', join(dir, 'state')];
  try {
    clearSharedCaches();
    // The bench's site is never served, so the first publish starts its history on purpose.
    const memory = sampleTreePeak();
    const cpuBefore = childrenCpuSeconds();
    const full = await runNode([...args, '--force', '--fresh-history'], { cwd: ROOT, env });
    const fullCpuS = childrenCpuSeconds() - cpuBefore;
    const { peak: treePeak, samples } = memory.stop();
    const unchangedCpuBefore = childrenCpuSeconds();
    const unchanged = await runNode(args, { cwd: ROOT, env });
    const unchangedCpuS = childrenCpuSeconds() - unchangedCpuBefore;
    if (full.code !== 0 || unchanged.code !== 0 || !unchanged.output.includes('no changes')) throw new Error(`rebuild failed:\n${full.output}\n${unchanged.output}`);
    if (options.timeline) for (const line of timelineLines(samples)) log(`${size.name} rebuild memory: ${line}`);
    const parts = treePeak?.parts.map((part) => `${part.name} ${part.mb}`).join(', ');
    log(
      `${size.name} rebuild: full ${Math.round(full.ms)} ms (peak RSS of its processes ${treePeak?.mb} MiB: ${parts}), unchanged ${Math.round(unchanged.ms)} ms; CPU ${round(fullCpuS, 1)} s and ${round(unchangedCpuS, 2)} s`,
    );
    return {
      full_ms: round(full.ms, 0),
      nochange_ms: round(unchanged.ms, 0),
      nochange_ratio: round(unchanged.ms / full.ms, 3),
      full_cpu_s: round(fullCpuS, 2),
      nochange_cpu_s: round(unchangedCpuS, 2),
      nochange_cpu_ratio: fullCpuS > 0 ? round(unchangedCpuS / fullCpuS, 3) : null,
      rebuild_peak_rss_mb: treePeak?.mb ?? null,
      rebuild_peak_parts: treePeak?.parts.map(({ name, mb }) => ({ name, mb })) ?? [],
      load: round(loadavg()[0]!, 2),
    };
  } finally {
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
