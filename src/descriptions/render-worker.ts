/**
 * The worker thread that renders descriptions for `createDescriptionRenderer`
 * (src/descriptions/render-budget.ts): one description per message, so a
 * description that runs too long can be stopped by ending the thread.
 */
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { DescriptionOptions } from './description-limits.ts';
import type { DescriptionLimit } from './description-limits.ts';
import { renderDescription } from './markdown.ts';

export interface RenderRequest {
  seq: number;
  markdown: string | null;
  options: DescriptionOptions;
}
export type RenderReply = { seq: number; html: string; limits: DescriptionLimit[] } | { seq: number; error: string };

if (!parentPort) throw new Error('render-worker.ts runs as a worker thread of src/descriptions/render-budget.ts');
const port = parentPort;

// Loads marked and the sanitiser before the first description's clock starts.
renderDescription('*ready*');
port.on('message', ({ seq, markdown, options }: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { seq, ...renderDescription(markdown, options) };
  } catch (error) {
    reply = { seq, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  port.postMessage(reply);
});
/** This thread's id in the kernel, so the renderer can read the CPU time it used (Linux: /proc/thread-self); undefined elsewhere. */
function threadId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || undefined;
  } catch {
    return undefined;
  }
}

port.postMessage({ ready: true, threadId: threadId() });
