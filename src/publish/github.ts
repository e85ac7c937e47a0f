/** GitHub Actions outputs: `changed=true|false` for later steps and jobs, and a Markdown job summary. */
import { appendFile } from 'node:fs/promises';

export async function writeGithubOutputs(env: NodeJS.ProcessEnv, changed: boolean, summaryMarkdown: string): Promise<void> {
  if (env.GITHUB_OUTPUT) await appendFile(env.GITHUB_OUTPUT, `changed=${changed}\n`);
  if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, summaryMarkdown);
}

/**
 * A failed run's summary: the error line (which names the cause and the fix)
 * where the run's page shows it first, not only at the end of the log.
 */
export async function writeGithubFailure(env: NodeJS.ProcessEnv, message: string): Promise<void> {
  if (!env.GITHUB_STEP_SUMMARY) return;
  // Fenced as text: the message may quote portal data. A run of backticks in it cannot close a longer fence.
  const fence = '`'.repeat(Math.max(3, ...[...message.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  await appendFile(env.GITHUB_STEP_SUMMARY, `### Roadmap: the rebuild failed, the live site is unchanged\n\n${fence}text\nerror: ${message}\n${fence}\n\n`);
}
