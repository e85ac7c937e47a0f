/** A rebuild that died between the two renames of its swap: the next run puts the live site back, and clears what dead runs left. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recoverInterruptedSwap, sweepDeadRuns } from '../../../src/publish/swap.ts';

/** The id of a process that has ended: no run of it can still own a folder. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

function folder(path: string, page: string): void {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'index.html'), page);
}

describe('recoverInterruptedSwap', () => {
  it('puts the live site back from the newest retired copy when the output is missing, and removes the rest', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'swap-'));
    const dead = deadPid();
    folder(join(parent, `.dist.previous-${dead}`), 'live site');
    folder(join(parent, `.dist.staging-${dead}`), 'half a build');
    const lines: string[] = [];
    await recoverInterruptedSwap(join(parent, 'dist'), (line) => lines.push(line));
    expect(readFileSync(join(parent, 'dist', 'index.html'), 'utf8')).toBe('live site');
    expect(readdirSync(parent)).toEqual(['dist']);
    expect(lines).toEqual([`${join(parent, 'dist')} was missing after a run that stopped mid-swap: the live site is back from .dist.previous-${dead}`]);
  });

  it("with the output in place, removes a dead run's retired and staging copies and leaves the output and a running run's folders alone", async () => {
    const parent = mkdtempSync(join(tmpdir(), 'swap-'));
    const dead = deadPid();
    folder(join(parent, 'dist'), 'new site');
    folder(join(parent, `.dist.previous-${dead}`), 'old site');
    folder(join(parent, `.dist.staging-${process.pid}`), 'this run building');
    folder(join(parent, '.other.previous-1'), 'not ours');
    await recoverInterruptedSwap(join(parent, 'dist'), () => {});
    expect(readFileSync(join(parent, 'dist', 'index.html'), 'utf8')).toBe('new site');
    expect(readdirSync(parent).sort()).toEqual(['.dist.staging-' + process.pid, '.other.previous-1', 'dist'].sort());
    expect(existsSync(join(parent, `.dist.previous-${dead}`))).toBe(false);
  });
});

describe('sweepDeadRuns', () => {
  it('removes the work folders of runs that ended, and keeps those of a running one and anything else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sweep-'));
    const dead = deadPid();
    for (const name of [`portal-roadmap-${dead}-abc`, `portal-roadmap-${process.pid}-def`, 'portal-roadmap-xyz', 'other-1-2']) mkdirSync(join(dir, name));
    await sweepDeadRuns(dir, 'portal-roadmap-');
    expect(readdirSync(dir).sort()).toEqual([`portal-roadmap-${process.pid}-def`, 'portal-roadmap-xyz', 'other-1-2'].sort());
  });
});
