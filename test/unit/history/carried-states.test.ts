/** The project states a continued history carries: kept when the portal's own values know them, else dropped. */
import { describe, expect, it } from 'vitest';
import { withKnownProjectStates } from '../../../src/history/carried-states.ts';
import { emptyHistory, type History, type ProjectRecord } from '../../../src/history/schema.ts';

const SPOOF = 'Visit evil.example for a prize';
const known = (state: string) => ['started', 'completed'].includes(state);

function historyWith(projects: Record<string, ProjectRecord>): History {
  return { ...emptyHistory('2026-01-01T00:00:00.000Z'), recordedAt: '2026-01-09T00:00:00.000Z', projects: new Map(Object.entries(projects)) };
}

describe('the project states a continued history carries', () => {
  it('drops a state event the portal does not know, and blanks an unknown state of a first event, keeping its date and progress', () => {
    const history = historyWith({
      spoofed: {
        events: [
          { at: '2026-01-01T00:00:00.000Z', kind: 'seen', state: SPOOF, progress: 10, atLeast: true },
          { at: '2026-01-02T00:00:00.000Z', kind: 'state', state: 'started' },
          { at: '2026-01-03T00:00:00.000Z', kind: 'state', state: SPOOF },
          { at: '2026-01-04T00:00:00.000Z', kind: 'progress', progress: 20 },
        ],
      },
      back: { events: [{ at: '2026-01-05T00:00:00.000Z', kind: 'back', state: SPOOF, progress: 0 }] },
      honest: {
        events: [
          { at: '2026-01-01T00:00:00.000Z', kind: 'seen', state: null, progress: 0 },
          { at: '2026-01-06T00:00:00.000Z', kind: 'state', state: 'completed' },
        ],
      },
    });
    const { history: checked, dropped } = withKnownProjectStates(history, known);
    expect(dropped).toEqual(['spoofed', 'back']);
    expect(checked.projects.get('spoofed')!.events).toEqual([
      { at: '2026-01-01T00:00:00.000Z', kind: 'seen', state: null, progress: 10, atLeast: true },
      { at: '2026-01-02T00:00:00.000Z', kind: 'state', state: 'started' },
      { at: '2026-01-04T00:00:00.000Z', kind: 'progress', progress: 20 },
    ]);
    expect(checked.projects.get('back')!.events).toEqual([{ at: '2026-01-05T00:00:00.000Z', kind: 'back', state: null, progress: 0 }]);
    expect(checked.projects.get('honest')).toBe(history.projects.get('honest'));
    expect(JSON.stringify([...checked.projects])).not.toContain(SPOOF);
  });

  it('returns the same history when every state is known', () => {
    const history = historyWith({ a: { events: [{ at: '2026-01-01T00:00:00.000Z', kind: 'seen', state: 'started', progress: 0 }] } });
    expect(withKnownProjectStates(history, known)).toEqual({ history, dropped: [] });
    expect(withKnownProjectStates(history, known).history).toBe(history);
  });
});
