/**
 * Reads the snapshot of a data source: from its file, from the live portal
 * (fetch → normalise), or from the bundled demo data (normalised the same way).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { DataSource } from './source.ts';
import { parseWithFriendlyErrors } from '../shared/friendly-errors.ts';
import { ApiIssueListSchema, ApiProjectSchema } from '../portal/api-schemas.ts';
import type { PortalSession } from '../portal/session.ts';
import { createSnapshot, readSnapshotFile, type Snapshot } from './snapshot-file.ts';
import { quoted, quotedList } from '../shared/text.ts';

/** The one warning about projects that answered 404 (loader, fetch and rebuild all print it). */
export function missingProjectsWarning(ids: readonly string[]): string {
  return `${ids.length} project(s) answered 404 and are left out; their issues are shown without a project: ${quotedList(ids)}`;
}

export interface LoadHooks {
  /** Called once with the project ids that answered 404. */
  onMissingProjects?: (ids: string[]) => void;
  /**
   * Told about data that was left out or changed, one message each, naming
   * the ids: repeated ids, project ids that cannot be requested, a project
   * that answered with another id, unreadable dates.
   */
  onWarning?: (message: string) => void;
  onProjectFetched?: (done: number, total: number) => void;
  /** The run's portal session (pacing, retries, deadline), e.g. to read its stats afterwards. */
  session?: PortalSession;
  /**
   * Told the description texts of a snapshot file or of the demo data as soon as the file is read, before its data
   * is checked (so they may be any text, or miss some): the content sync starts its description renderers on them
   * while it checks. Not told for a fetch, whose descriptions come in over its whole run.
   */
  onDescriptions?: (texts: string[]) => void;
  /** Stops a fetch from the portal: its requests, waiting or in flight, and it fails with the abort's reason. */
  signal?: AbortSignal | undefined;
}

/** The description texts of a snapshot's or the demo data's JSON, as read: strings only, anything else skipped. */
export function rawDescriptions(json: unknown): string[] {
  const texts: string[] = [];
  for (const key of ['issues', 'projects']) {
    const list = json && typeof json === 'object' ? (json as Record<string, unknown>)[key] : undefined;
    if (!Array.isArray(list)) continue;
    for (const item of list as unknown[]) {
      const description = item && typeof item === 'object' ? (item as { description?: unknown }).description : undefined;
      if (typeof description === 'string') texts.push(description);
    }
  }
  return texts;
}

export async function loadSnapshot(source: DataSource, hooks: LoadHooks = {}): Promise<Snapshot> {
  const warn = (message: string) => hooks.onWarning?.(message);
  const { onDescriptions } = hooks;
  const onJson = onDescriptions && ((json: unknown) => onDescriptions(rawDescriptions(json)));
  switch (source.kind) {
    case 'snapshot':
      return readSnapshotFile(source.file, onJson);
    case 'demo':
      return loadDemoSnapshot(source.file, warn, onJson);
    case 'api': {
      // The portal client (and its HTTP stack) is loaded only to fetch: a build from a snapshot file or the demo, which
      // the content sync runs module by module, has no use for it.
      const [{ sessionOf }, { fetchWorkspace }] = await Promise.all([import('../portal/client.ts'), import('../portal/workspace.ts')]);
      const options = { ...source.portal, onProjectFetched: hooks.onProjectFetched, signal: hooks.signal };
      // One session for the whole run, so pacing and the deadline cover every request.
      const session = hooks.session ?? sessionOf(options);
      const { issues, repeatedInOnePage, unrequestable, projects, missing, mismatched } = await fetchWorkspace({ ...options, session }, source.extraProjectIds);
      if (repeatedInOnePage.length) {
        warn(`${repeatedInOnePage.length} issue id(s) came more than once in one page of the issue list; the first of each is kept: ${quotedList(repeatedInOnePage)}`);
      }
      if (unrequestable.length) {
        warn(
          `${unrequestable.length} project id(s) are not valid path segments ("", "." or "..") and are not requested; their issues are shown without a project: ${quotedList(unrequestable)}`,
        );
      }
      if (missing.length) hooks.onMissingProjects?.(missing);
      for (const { requested, answered } of mismatched) {
        warn(`project ${quoted(requested)} answered with the project ${quoted(answered)} and is left out; its issues are shown without a project`);
      }
      if (session.stats.notUtf8) {
        warn(`${session.stats.notUtf8} answer(s) of the portal had bytes that are not UTF-8; each such byte is shown as "\uFFFD". The portal should send UTF-8 JSON (RFC 8259).`);
      }
      const origin = { kind: 'api' as const, apiUrl: source.portal.apiUrl, workspaceId: source.portal.workspaceId };
      return createSnapshot({ issues, projects, missingProjectIds: missing }, origin, new Date(), warn);
    }
  }
}

const DemoDataSchema = z.strictObject({
  /** Fixed so demo builds are reproducible. */
  fetchedAt: z.iso.datetime({ offset: true }),
  issues: ApiIssueListSchema,
  projects: z.array(ApiProjectSchema),
});

/** The ids of the demo's issues and projects: no real workspace has them, so a history that names one is the demo's. */
export async function demoIds(file: string): Promise<Set<string>> {
  const data = parseWithFriendlyErrors(DemoDataSchema, JSON.parse(await readFile(file, 'utf8')), file, 'Fix the demo data file.');
  return new Set([...data.issues.map((issue) => issue.id), ...data.projects.map((project) => project.id)]);
}

/** `onJson`: told the file's JSON as soon as it is parsed, before its data is checked (as `readSnapshotFile` tells it). */
export async function loadDemoSnapshot(file: string, warn: (message: string) => void = () => {}, onJson?: (json: unknown) => void): Promise<Snapshot> {
  const json: unknown = JSON.parse(await readFile(file, 'utf8'));
  onJson?.(json);
  const data = parseWithFriendlyErrors(DemoDataSchema, json, file, 'Fix the demo data file.');
  const projectIds = new Set(data.projects.map((p) => p.id));
  const missing = [...new Set(data.issues.flatMap((i) => (i.projectId && !projectIds.has(i.projectId) ? [i.projectId] : [])))];
  return createSnapshot({ issues: data.issues, projects: data.projects, missingProjectIds: missing }, { kind: 'demo' }, new Date(data.fetchedAt), warn);
}
