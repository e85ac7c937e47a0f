/**
 * The Now / Next / Later recipe as docs/site.md documents it: the JSON block under its heading, "## Now, Next,
 * Later". Read from the guide, so that the test (test/unit/shown/columns.now-next-later.test.ts) and the screenshot
 * (scripts/screenshots.ts) check the config a team copies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RoadmapConfigInput } from '../../src/config/roadmap-config.ts';

const GUIDE = 'docs/site.md';
const HEADING = '## Now, Next, Later';

/** The recipe's roadmap.config.json, parsed; `root`: the project root. */
export function nowNextLaterRecipe(root = process.cwd()): RoadmapConfigInput {
  const text = readFileSync(join(root, GUIDE), 'utf8');
  const start = text.indexOf(`\n${HEADING}\n`);
  if (start < 0) throw new Error(`${GUIDE} has no "${HEADING}" section`);
  const end = text.indexOf('\n## ', start + 1);
  const block = /^```json\n([\s\S]*?)^```$/m.exec(text.slice(start, end < 0 ? undefined : end));
  if (!block) throw new Error(`${GUIDE}, "${HEADING}": no JSON block`);
  return JSON.parse(block[1]!) as RoadmapConfigInput;
}
