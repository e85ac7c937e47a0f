/**
 * Reads a whole workspace from the portal: the issue list, and each project its portal-visible issues name
 * (docs/portal-api.md, List issues; Get project).
 *
 * A project is asked for as soon as a page of the issue list names it, not after the list's last page, so the
 * run's first requests go out together and the documented burst (docs/portal-api.md, Rate limits §1) is used from
 * the start: the sliding window lets request 334 go when request 1 is 10 s old, so every request that waited
 * for the list to end put off the run's last request by as long. The list's own pages stay one after another:
 * its response is a bare array with no total (docs/portal-api.md, List issues §2), and its paging parameters are
 * not named (docs/portal-api.md, List issues §4), so where the next page starts is known only from the page before
 * (`fetchIssueList`; docs/portal-api.md, Paging (v1 skip/take) §3–4).
 *
 * That chain of pages is why projects leave a third of the burst to the list while it pages
 * (`KEPT_FOR_THE_ISSUE_LIST`): eight project requests answer eight times as fast as the one page in flight, and
 * would otherwise spend the whole burst after a few pages, leaving the rest of the list to wait for the next
 * window and then go page by page, at a round trip each, after it. A third holds the 101 pages of a
 * 10,000-issue workspace within the first burst (333); how long a list is cannot be known before its end.
 */
import pLimit from 'p-limit';
import { isPortalVisible, type ApiIssue, type ApiProject } from './api-schemas.ts';
import { CLIENT_DEFAULTS, fetchIssueList, fetchProject, isRequestableId, sessionOf, type PortalClientOptions } from './client.ts';

export interface ProjectsResult {
  /** In the order of the ids asked for, whatever order the answers came in. */
  projects: ApiProject[];
  /** Ids that answered 404, in the order asked. */
  missing: string[];
  /**
   * Ids whose answer was a project with another id (a misrouted request, or
   * an id the server rewrote). Left out: publishing it under either id could
   * show one project's data as another's.
   */
  mismatched: { requested: string; answered: string }[];
}

type Progress = (done: number, total: number) => void;

/** The share of the burst project requests leave to the issue list while it pages (see the module's comment). */
export const KEPT_FOR_THE_ISSUE_LIST = 1 / 3;

/**
 * Project requests asked for one id at a time, as ids become known: each id once, at most `concurrency` in flight
 * (the run's pacer, not this number, keeps the rate). The first hard failure stops the rest: queued ones never
 * start, running ones are aborted, and whoever waits is told that first failure once none is running any more.
 */
export class ProjectRequests {
  readonly #limit;
  readonly #stopper = new AbortController();
  readonly #options: PortalClientOptions & { signal: AbortSignal };
  /** Each asked id's request, settled without rejecting (a failure is kept in `#failure`). */
  readonly #running = new Map<string, Promise<void>>();
  readonly #answers = new Map<string, ApiProject | undefined>();
  #failure: { error: unknown } | undefined;
  #onAnswer: ((id: string) => void) | undefined;
  /** The share of the burst project requests leave free now (`RequestOptions.keepFree`). */
  #keepFree = 0;

  constructor(options: PortalClientOptions) {
    this.#limit = pLimit({ concurrency: options.concurrency ?? CLIENT_DEFAULTS.concurrency, rejectOnClear: true });
    const signal = options.signal ? AbortSignal.any([options.signal, this.#stopper.signal]) : this.#stopper.signal;
    this.#options = { ...options, session: sessionOf(options), signal };
  }

  /** Aborts on the first failure: the run's other requests (the issue list's) take it, so they stop too. */
  get signal(): AbortSignal {
    return this.#options.signal;
  }

  /** Leaves `share` of the burst (0–1) to the run's other requests, from now on, until told otherwise. */
  keepFree(share: number): void {
    this.#keepFree = share;
  }

  /** Starts the request of `id`, unless it was asked before or the requests have stopped. */
  ask(id: string): void {
    if (this.#running.has(id) || this.#failure) return;
    const request = this.#limit(() => fetchProject(this.#options, id, () => this.#keepFree)).then(
      (project) => {
        this.#answers.set(id, project);
        this.#onAnswer?.(id);
      },
      (error: unknown) => this.#stop(error),
    );
    this.#running.set(id, request);
  }

  /** After a failure elsewhere in the run: stops every request, and once none is running gives the run's first failure. */
  async stop(error: unknown): Promise<unknown> {
    this.#stop(error);
    await Promise.all(this.#running.values());
    return this.#failure!.error;
  }

  /**
   * The answers of `ids` (asking for any not asked yet), assembled in the order of `ids`, so the result is the same
   * whatever order the answers came in. Answers to ids asked for but not in `ids` are left out. `onProgress` is told
   * once per id of `ids` answered: at once for those already answered, then as each answer comes.
   */
  async results(ids: readonly string[], onProgress?: Progress): Promise<ProjectsResult> {
    for (const id of ids) this.ask(id);
    const wanted = new Set(ids);
    let done = 0;
    const tell = () => onProgress?.(++done, ids.length);
    for (const id of ids) if (this.#answers.has(id)) tell();
    this.#onAnswer = (id) => wanted.has(id) && tell();
    await Promise.all(this.#running.values());
    if (this.#failure) throw this.#failure.error;
    const result: ProjectsResult = { projects: [], missing: [], mismatched: [] };
    for (const id of ids) {
      const project = this.#answers.get(id);
      if (!project) result.missing.push(id);
      else if (project.id !== id) result.mismatched.push({ requested: id, answered: project.id });
      else result.projects.push(project);
    }
    return result;
  }

  #stop(error: unknown): void {
    if (this.#failure) return;
    this.#failure = { error };
    this.#limit.clearQueue();
    this.#stopper.abort();
  }
}

/** Fetches projects with bounded concurrency; the first hard failure stops the rest and rejects the whole set. */
export function fetchProjects(options: PortalClientOptions, ids: readonly string[]): Promise<ProjectsResult> {
  return new ProjectRequests(options).results(ids, options.onProjectFetched);
}

export interface WorkspaceData extends ProjectsResult {
  /** Every issue, de-duplicated by id (`fetchIssueList`). */
  issues: ApiIssue[];
  /** Ids that came twice within one page of the issue list. */
  repeatedInOnePage: string[];
  /** Project ids that cannot be a path segment of a request (`isRequestableId`): never asked for. */
  unrequestable: string[];
}

/**
 * The issue list and the projects of its portal-visible issues and of `extraProjectIds`, over one session. Projects
 * are read for portal-visible issues only, so a hidden issue cannot pull its project onto the site: one that a later
 * page hides (a later copy of its id hidden or deleted) may have been asked for already, and its answer is left out.
 * The projects come sorted by id. The first failure of any request stops all the others before it is thrown.
 */
export async function fetchWorkspace(options: PortalClientOptions, extraProjectIds: readonly string[]): Promise<WorkspaceData> {
  const session = sessionOf(options);
  const projects = new ProjectRequests({ ...options, session });
  const run = { ...options, session, signal: projects.signal };
  const ask = (id: string | null | undefined) => {
    if (id && isRequestableId(id)) projects.ask(id);
  };
  extraProjectIds.forEach(ask);
  let list;
  projects.keepFree(KEPT_FOR_THE_ISSUE_LIST);
  try {
    list = await fetchIssueList(run, (issues) => {
      for (const issue of issues) if (isPortalVisible(issue)) ask(issue.projectId);
    });
  } catch (error) {
    throw await projects.stop(error);
  }
  projects.keepFree(0);
  const ids = new Set(list.issues.filter(isPortalVisible).flatMap((issue) => (issue.projectId ? [issue.projectId] : [])));
  for (const id of extraProjectIds) ids.add(id);
  const unrequestable = [...ids].filter((id) => !isRequestableId(id));
  const answers = await projects.results([...ids].filter(isRequestableId).sort(), options.onProjectFetched);
  return { issues: list.issues, repeatedInOnePage: list.repeatedInOnePage, unrequestable, ...answers };
}
