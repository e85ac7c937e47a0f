/** GitHub Actions outputs: `changed=true|false` for later steps, and a Markdown job summary. */
import { appendFile } from 'node:fs/promises';

export async function writeGithubOutputs(env: NodeJS.ProcessEnv, changed: boolean, summaryMarkdown: string): Promise<void> {
  if (env.GITHUB_OUTPUT) await appendFile(env.GITHUB_OUTPUT, `changed=${changed}\n`);
  if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, summaryMarkdown);
}
