/**
 * The project states a continued history carries: the only text in a history that pages show as it is (`/changes/`
 * says "state Started → Completed"; every other field is an id, a date or a count, and an unknown column id is
 * shown as "an earlier column"). A history read from the live site comes from an address whoever answers for it
 * can fill, so each state it carries is checked against the portal's own values before anything shows it: it is
 * kept when `known` says so (src/publish/history-step.ts: a state a project of the snapshot has, or one the site
 * translates, whose words are then the site's own), and dropped otherwise. Pure.
 *
 * Dropped means: a `state` event goes, so the change it told is not shown; the state of a `seen` or `back` event
 * becomes `null` ("no state"), the event and its date stay. A project's next run then records the state the
 * portal gives it, as for any change.
 */
import type { History, ProjectEvent, ProjectRecord } from './schema.ts';

/** The history with each project state `known` rejects dropped, and the ids of the projects that had one. */
export function withKnownProjectStates(history: History, known: (state: string) => boolean): { history: History; dropped: string[] } {
  const dropped: string[] = [];
  let projects: Map<string, ProjectRecord> | undefined;
  for (const [id, record] of history.projects) {
    const unknown = (event: ProjectEvent) => 'state' in event && event.state !== null && !known(event.state);
    if (!record.events.some(unknown)) continue;
    dropped.push(id);
    const events = record.events.flatMap((event): ProjectEvent[] => {
      if (!unknown(event) || event.kind === 'progress') return [event];
      return event.kind === 'state' ? [] : [{ ...event, state: null }];
    });
    projects ??= new Map(history.projects);
    projects.set(id, { ...record, events });
  }
  return { history: projects ? { ...history, projects } : history, dropped };
}
