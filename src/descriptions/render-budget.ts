/**
 * Descriptions rendered with a time and memory budget each. The renderer
 * (src/descriptions/markdown.ts) bounds what reaches marked and the HTML parser;
 * this bounds everything else: each description is rendered in a worker
 * thread, and one that uses more than `renderBudgetMs` of CPU time (or
 * `renderWallClockMs` of wall-clock time), needs more than `renderHeapMb`,
 * or throws is shown as escaped plain text instead, with the reason, and the
 * thread is replaced. So no single description can stop or stall a build.
 */
import { CLOCK_TICKS_PER_SECOND, ownCpuTicks, statFields } from '../shared/proc-stat.ts';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DESCRIPTION_LIMITS, plainTextHtml, type DescriptionOptions } from './description-limits.ts';
import type { DescriptionLimit } from './description-limits.ts';
import type { RenderReply, RenderRequest } from './render-worker.ts';
import { workerScript } from './worker-script.ts';

export interface RenderedDescription {
  html: string;
  /** The bounds it ran into (cut at the length limit, nesting flattened, …). */
  limits: DescriptionLimit[];
  /** Why the description is shown as plain text, when it is. */
  fallback?: string;
}

export interface DescriptionRenderer {
  render(markdown: string | null): Promise<RenderedDescription>;
  /** Ends the worker thread; call once done. */
  close(): Promise<void>;
}

interface RendererOptions extends DescriptionOptions {
  /** CPU time per description (wall-clock time where it cannot be read). */
  budgetMs?: number;
  /** Wall-clock time per description, whatever its CPU time. */
  wallClockMs?: number;
  heapMb?: number;
}

/**
 * CPU time a thread of this process has used, in milliseconds, from
 * /proc/self/task/{id}/stat; undefined where there is no such file.
 */
export function threadCpuMs(threadId: number | undefined): number | undefined {
  const fields = threadId === undefined ? undefined : statFields(`/proc/self/task/${threadId}/stat`);
  return fields && ownCpuTicks(fields) * (1000 / CLOCK_TICKS_PER_SECOND);
}

/** How long a new worker may take to load the renderer before the build fails: a broken install, not a description. */
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * The worker's young generation (three semi-spaces): V8 sizes it by the
 * machine's memory, and the renderer's garbage filled it: smaller semi-spaces
 * lower a thread's peak in the same CPU time, and a cold 10,000-issue build
 * runs three of these threads beside the build.
 * @see docs/project/performance-log.md, "Measurements behind the code".
 */
const WORKER_YOUNG_GENERATION_MB = 24;

/** A worker thread loading (or done loading) the renderer; `started` gives it with its thread id once it has. */
interface StartedWorker {
  started: Promise<{ worker: Worker; threadId: number | undefined }>;
  heapMb: number;
}

function startWorker(heapMb: number): StartedWorker {
  const started = workerScript().then(
    (script) =>
      new Promise<{ worker: Worker; threadId: number | undefined }>((resolve, reject) => {
        const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
        // The build must be able to end while a worker is idle.
        worker.unref();
        const timer = setTimeout(() => {
          void worker.terminate();
          reject(new Error(`the description renderer did not start within ${STARTUP_TIMEOUT_MS / 1000} s`));
        }, STARTUP_TIMEOUT_MS);
        worker.once('message', (message: { threadId?: number }) => {
          clearTimeout(timer);
          resolve({ worker, threadId: message.threadId });
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          reject(new Error(`the description renderer could not start: ${error.message}`, { cause: error }));
        });
      }),
  );
  // Awaited by the renderer that takes it; a spare nobody took must not end the build with an unhandled rejection.
  started.catch(() => undefined);
  return { started, heapMb };
}

/** Ends `started`'s thread, if it started. */
const endWorker = ({ started }: StartedWorker): Promise<unknown> =>
  started.then(
    ({ worker }) => worker.terminate(),
    () => undefined,
  );

/** Workers started before any renderer asked for one (`prestartRenderers`), taken by the next renderers that start. */
const spares: StartedWorker[] = [];

function takeSpare(heapMb: number): StartedWorker | undefined {
  const index = spares.findIndex((spare) => spare.heapMb === heapMb);
  return index < 0 ? undefined : spares.splice(index, 1)[0];
}

/**
 * Starts `threads` workers now, for the renderers made next to take: a worker loads the renderer
 * (./worker-script.ts) while the content sync checks the snapshot when the workers start as soon as it is read.
 */
export function prestartRenderers(threads: number, { heapMb = DESCRIPTION_LIMITS.renderHeapMb }: { heapMb?: number } = {}): void {
  while (spares.length < threads) spares.push(startWorker(heapMb));
}

/** How many started workers no renderer has taken yet. */
export const spareRenderers = (): number => spares.length;

/** Ends the started workers no renderer took (they were started for descriptions that needed none). */
export async function discardSpareRenderers(): Promise<void> {
  await Promise.all(spares.splice(0).map(endWorker));
}

export function createDescriptionRenderer(options: RendererOptions = {}): DescriptionRenderer {
  const budgetMs = options.budgetMs ?? DESCRIPTION_LIMITS.renderBudgetMs;
  const wallClockMs = options.wallClockMs ?? DESCRIPTION_LIMITS.renderWallClockMs;
  const heapMb = options.heapMb ?? DESCRIPTION_LIMITS.renderHeapMb;
  const descriptionOptions: DescriptionOptions = { truncatedNote: options.truncatedNote };
  let current: StartedWorker | undefined;
  let seq = 0;

  function start(): StartedWorker {
    return takeSpare(heapMb) ?? startWorker(heapMb);
  }

  async function stop(): Promise<void> {
    const ending = current;
    current = undefined;
    if (ending) await endWorker(ending);
  }

  async function render(markdown: string | null): Promise<RenderedDescription> {
    if (!markdown?.trim()) return { html: '', limits: [] };
    current ??= start();
    const { worker, threadId } = await current.started;
    const request: RenderRequest = { seq: ++seq, markdown, options: descriptionOptions };
    const cpuAtStart = threadCpuMs(threadId);
    const started = Date.now();
    const outcome = await new Promise<RenderReply | { failure: string }>((resolve) => {
      const finish = (result: RenderReply | { failure: string }) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(result);
      };
      const onMessage = (reply: RenderReply) => {
        if (reply.seq === request.seq) finish(reply);
      };
      const onError = (error: Error) => finish({ failure: `rendering failed (${error.message})` });
      const onExit = () => finish({ failure: 'the renderer stopped' });
      // Wakes when the budget could be spent, and again until the CPU time says it is, or the wall-clock cap passes.
      const check = () => {
        const cpuNow = threadCpuMs(threadId);
        const used = cpuAtStart === undefined || cpuNow === undefined ? Date.now() - started : cpuNow - cpuAtStart;
        const elapsed = Date.now() - started;
        if (used >= budgetMs) return finish({ failure: `rendering used more than ${budgetMs} ms of ${cpuAtStart === undefined ? 'time' : 'CPU time'}` });
        if (elapsed >= wallClockMs) return finish({ failure: `rendering took longer than ${wallClockMs} ms` });
        timer = setTimeout(check, Math.min(Math.max(50, budgetMs - used), wallClockMs - elapsed));
      };
      let timer = setTimeout(check, budgetMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage(request);
    });
    if ('html' in outcome) return { html: outcome.html, limits: outcome.limits };
    // A worker that ran out of time or memory, or threw, is not reused: it may still be busy, or broken.
    if ('failure' in outcome) await stop();
    const reason = 'error' in outcome ? `rendering failed (${outcome.error})` : outcome.failure;
    return { html: plainTextHtml(markdown, descriptionOptions), limits: markdown.length > DESCRIPTION_LIMITS.maxChars ? ['length'] : [], fallback: reason };
  }

  return { render, close: stop };
}

/** Descriptions one more worker thread is worth: starting one loads marked and the sanitiser (a thread's time, and its memory), so a few descriptions share one. */
const DESCRIPTIONS_PER_WORKER = 200;

/**
 * How many worker threads render `count` descriptions: one per
 * `DESCRIPTIONS_PER_WORKER`, at most one per CPU (rendering is all CPU time),
 * at least one.
 */
export function rendererThreads(count: number, cpus: number = availableParallelism()): number {
  return Math.max(1, Math.min(cpus, Math.ceil(count / DESCRIPTIONS_PER_WORKER)));
}

/**
 * Renderers of `createDescriptionRenderer`, `threads` of them, each rendering
 * one description at a time under its own budget: `render` may be called many
 * times at once and waits for a free one. Each starts its worker on first use.
 */
export function createRendererPool(threads: number, options: RendererOptions = {}): DescriptionRenderer {
  const renderers = Array.from({ length: Math.max(1, threads) }, () => createDescriptionRenderer(options));
  const idle = [...renderers];
  const waiting: ((renderer: DescriptionRenderer) => void)[] = [];
  const release = (renderer: DescriptionRenderer) => {
    const next = waiting.shift();
    if (next) next(renderer);
    else idle.push(renderer);
  };
  return {
    async render(markdown) {
      const renderer = idle.pop() ?? (await new Promise<DescriptionRenderer>((resolve) => waiting.push(resolve)));
      try {
        return await renderer.render(markdown);
      } finally {
        release(renderer);
      }
    },
    async close() {
      await Promise.all(renderers.map((renderer) => renderer.close()));
    },
  };
}
