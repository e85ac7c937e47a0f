/**
 * `node scripts/bench/descriptions.ts`: CPU time of rendering each
 * pathological description of the hostile fixture (test/support/hostile.ts)
 * and a few ordinary 100 KB ones, in this process, after a warm-up. CPU time,
 * not wall-clock time, so a busy machine gives comparable figures. The
 * description that only the time budget stops is left out: it runs until
 * stopped (see src/descriptions/render-budget.ts).
 */
import { renderDescription } from '../../src/descriptions/markdown.ts';
import { PATHOLOGICAL_DESCRIPTIONS } from '../../test/support/hostile.ts';

const ordinary: Record<string, string> = {
  'prose 100 KB': 'Lorem ipsum dolor sit amet, **consectetur** adipiscing elit, sed _do_ eiusmod [tempor](https://example.com) incididunt ut `labore` et dolore.\n\n'.repeat(700),
  'lists 100 KB': '- item with **bold** and a [link](https://example.com/x)\n  - nested item `code`\n'.repeat(1300),
  'table 100 KB': `| a | b | c |\n|---|---|---|\n${'| **x** | `y` | [z](https://e.x) |\n'.repeat(3000)}`,
  'code 100 KB': `\`\`\`js\n${'const x = a_b_c * d_e_f; // <b>not html</b>\n'.repeat(2300)}\`\`\`\n`,
};

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

renderDescription('warm *up* <b>x</b>');
const rows = Object.entries({ ...Object.fromEntries(Object.entries(PATHOLOGICAL_DESCRIPTIONS).map(([name, { markdown }]) => [name, markdown])), ...ordinary })
  .filter(([name]) => name !== 'reopened-formatting')
  .map(([name, markdown]) => {
    const before = cpuMs();
    const { limits } = renderDescription(markdown);
    return { description: name, chars: markdown.length, cpu_ms: Math.round(cpuMs() - before), limits: limits.join(', ') || '-' };
  });
console.table(rows);
