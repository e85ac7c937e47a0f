/**
 * Reading and writing the history: from a file (the state folder, or
 * `ROADMAP_HISTORY` for a build), and from the live site's `/history.json`
 * when the state folder has none. A history that fails validation is
 * refused with the reason and the fix; nothing here ever writes over it.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
// undici is loaded only to read a live site's history (`fetchPublishedHistory`, once per read): the pages read the
// history file, and need not load it (@see docs/project/performance-log.md, "Measurements behind the code").
import type { Dispatcher } from 'undici';
import { formatIssues } from '../shared/friendly-errors.ts';
import { RoadmapError } from '../shared/errors.ts';
import { logText } from '../shared/text.ts';
import { HISTORY_FORMAT, HISTORY_VERSION, HistorySchema, serializeHistory, type History } from './schema.ts';

type Undici = typeof import('undici');

export class HistoryError extends RoadmapError {
  override name = 'HistoryError';
}

/** The published history's name under the site root. */
export const HISTORY_FILE = 'history.json';

/** Problems of an invalid history its error lists; the rest are counted, so a file of 85,000 bad entries is a short message. */
export const MAX_LISTED_PROBLEMS = 20;
/** Longest line of a listed problem: its path holds an id from the file, of any length. */
const MAX_PROBLEM_LINE = 300;

/**
 * Validates a parsed history document; `where` (a file or URL) and `fix` go into the error: its first line names both,
 * the lines after it the first `MAX_LISTED_PROBLEMS` problems and how many more there are.
 */
export function parseHistory(json: unknown, where: string, fix: string): History {
  const result = HistorySchema.safeParse(json);
  if (result.success) return result.data;
  const { issues } = result.error;
  const more = issues.length - MAX_LISTED_PROBLEMS;
  const count = issues.length === 1 ? '1 problem (below)' : `${issues.length.toLocaleString('en-US')} problems (${more > 0 ? `the first ${MAX_LISTED_PROBLEMS}` : 'all'} below)`;
  const listed = formatIssues(issues.slice(0, MAX_LISTED_PROBLEMS))
    .split('\n')
    .map((line) => logText(line, MAX_PROBLEM_LINE));
  if (more > 0) listed.push(`  - and ${more.toLocaleString('en-US')} more`);
  throw new HistoryError(`${where} is not a portal-roadmap history (format ${HISTORY_FORMAT}, version ${HISTORY_VERSION}): ${count}. ${fix}\n${listed.join('\n')}`, {
    cause: result.error,
  });
}

/** The fix offered when a history file cannot be used: it is never deleted or overwritten for you. */
export const historyFileFix = (file: string) =>
  `${file} was left as it is. Restore it from a backup, or move it away: the next rebuild then continues the live site's /${HISTORY_FILE}; ` +
  'or pass --fresh-history to start a new history (the file is then kept beside it, renamed).';

export async function readHistoryFile(file: string, fix = historyFileFix(file)): Promise<History> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    throw new HistoryError(`The history file ${file} ${reason}. ${fix}`, { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new HistoryError(`The history file ${file} is not valid JSON (cut short?). ${fix}`, { cause });
  }
  return parseHistory(json, `The history file ${file}`, fix);
}

/** Writes atomically: a reader sees the old file or the new one, never half of one. */
export async function writeHistoryFile(file: string, history: History): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serializeHistory(history), 'utf8');
  await rename(temporary, file);
}

/** Largest `/history.json` read from a live site: a bounded history is a few MB (README, "The history"). */
export const MAX_PUBLISHED_HISTORY_BYTES = 10 * 1024 * 1024;
export const PUBLISHED_HISTORY_TIMEOUT_MS = 15_000;

interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** undici dispatcher, for tests. */
  dispatcher?: Dispatcher;
}

const RECOVERY_FIX =
  'Check ROADMAP_SITE (or `site` and `base` in roadmap.config.json) and that the site is up, then run again; ' +
  'or pass --fresh-history to start a new history (the published one is then replaced at the next publish).';

/**
 * The history the live site publishes at `{siteRoot}history.json`, or
 * `undefined` when the site answers 404 for it and 404 at its own address too (nothing
 * is published there yet). Anything else that
 * is not a 200 with a valid history (a network error, a timeout, a 5xx, a
 * body over the size cap or of the wrong shape) throws: starting afresh then
 * would replace the published history at the next publish, and lose it.
 */
export async function fetchPublishedHistory(siteRoot: string, options: FetchOptions = {}): Promise<History | undefined> {
  const undici = await import('undici');
  const own = options.dispatcher ? undefined : new undici.Agent();
  const dispatcher = options.dispatcher ?? own!;
  try {
    return await fetchWith(siteRoot, { undici, dispatcher }, options);
  } finally {
    await own?.close();
  }
}

/** Redirects followed on the way to a live site's history, within its own origin. */
const MAX_REDIRECTS = 3;

/** What a read of the live site's history sends its requests with. */
interface Transport {
  undici: Undici;
  dispatcher: Dispatcher;
}

async function fetchWith(siteRoot: string, { undici, dispatcher }: Transport, options: FetchOptions): Promise<History | undefined> {
  const first = new URL(HISTORY_FILE, siteRoot.endsWith('/') ? siteRoot : `${siteRoot}/`);
  let url = first.toString();
  const timeoutMs = options.timeoutMs ?? PUBLISHED_HISTORY_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_PUBLISHED_HISTORY_BYTES;
  const fail = (reason: string, cause?: unknown) =>
    new HistoryError(`Could not read the published history ${url}: ${reason}. ${RECOVERY_FIX}`, cause === undefined ? undefined : { cause });
  const signal = AbortSignal.timeout(timeoutMs);
  const within = { undici, dispatcher, signal, timeoutMs };
  const answer = await getWithinSite(url, first, within, fail);
  url = answer.url;
  const { response } = answer;
  if (response.statusCode === 404) {
    await response.body.dump();
    // A site with no history yet answers 404 at its own address too. One that answers there and not for its history
    // is another site, or this one at another path (a mistyped ROADMAP_SITE): starting afresh would then begin a new
    // history at every build where no state is kept (a host's own build), silently, and never continue one.
    const siteUrl = new URL('./', first).toString();
    const { response: site } = await getWithinSite(siteUrl, first, within, fail);
    await site.body.dump();
    if (site.statusCode >= 200 && site.statusCode < 300) {
      throw fail(`it answered 404, while the site answers at ${siteUrl}: that is another site, or a site published without its history`);
    }
    // Only a 404 there too says nothing is published yet. A 503 (a host that is down, a site in maintenance), a 403 or
    // a redirect that goes nowhere says nothing of the kind: starting afresh then would replace a history that exists.
    if (site.statusCode !== 404) {
      throw fail(`it answered 404, and the site's address ${siteUrl} answered HTTP ${site.statusCode}, not 404: nothing says the site is not there`);
    }
    return undefined;
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw fail(`the site answered HTTP ${response.statusCode}`);
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.dump();
    throw fail(`it is ${declared} bytes, more than the ${maxBytes} a history can be`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.body.destroy();
        throw fail(`it is more than the ${maxBytes} bytes a history can be`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (cause) {
    if (cause instanceof HistoryError) throw cause;
    throw fail(transportReason(cause, signal, timeoutMs, undici.errors), cause);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (cause) {
    throw fail('the answer is not JSON (is history.json served by this site?)', cause);
  }
  return parseHistory(json, `The published history ${url}`, RECOVERY_FIX);
}

/** A GET of `start`, following redirects within the site of `first` (at most MAX_REDIRECTS), with the last URL asked. */
async function getWithinSite(
  start: string,
  first: URL,
  { undici, dispatcher, signal, timeoutMs }: Transport & { signal: AbortSignal; timeoutMs: number },
  fail: (reason: string, cause?: unknown) => HistoryError,
): Promise<{ response: Dispatcher.ResponseData; url: string }> {
  const { request, errors } = undici;
  let url = start;
  for (let hops = 0; ; hops++) {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': 'portal-roadmap (+static roadmap site generator)' },
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        dispatcher,
      });
    } catch (cause) {
      throw fail(transportReason(cause, signal, timeoutMs, errors), cause);
    }
    const location = response.headers.location;
    if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') return { response, url };
    await response.body.dump();
    // A host may redirect within the site (a trailing slash, http to https); the history is never read from another
    // site, which would then write into this one's history.
    const next = new URL(location, url);
    const sameSite = next.origin === first.origin || (next.hostname === first.hostname && first.protocol === 'http:' && next.protocol === 'https:');
    if (!sameSite) throw fail(`it redirects to another site, ${next.origin}; if that is where the roadmap is served now, set ROADMAP_SITE to it`);
    if (hops >= MAX_REDIRECTS) throw fail(`it redirected more than ${MAX_REDIRECTS} times`);
    url = next.toString();
  }
}

function transportReason(cause: unknown, signal: AbortSignal, timeoutMs: number, undiciErrors: Undici['errors']): string {
  const timedOut =
    signal.aborted || cause instanceof undiciErrors.HeadersTimeoutError || cause instanceof undiciErrors.BodyTimeoutError || cause instanceof undiciErrors.ConnectTimeoutError;
  if (timedOut) return `no answer within ${timeoutMs} ms`;
  return cause instanceof Error ? cause.message : String(cause);
}
