/**
 * A hostile workspace: every string field of every issue and project carries
 * an attack, and the cases of "round two" sit beside them: ids that collide,
 * repeat or are no path segment, dates and lengths out of range, control
 * characters, descriptions made to overflow or stall the renderer, text made
 * to steer a CI log. Building it must succeed, name each bad entry in its
 * warnings, publish every other issue, and nothing in the output may run,
 * restyle the page, or publish what is hidden.
 */
import { pageSlug } from '../../src/view/paths.ts';
import type { Workspace } from './fake-portal.ts';

export const HOSTILE_HIDDEN_MARKER = 'HOSTILE-HIDDEN-c0ffee';
export const HOSTILE_DELETED_MARKER = 'HOSTILE-DELETED-bad5ee';

export const PAYLOADS = [
  `<script>alert('script')</script>`,
  `<img src=x onerror="alert('onerror')">`,
  `"><svg onload=alert('svg')>`,
  `javascript:alert('js-url')`,
  `JaVaScRiPt:alert('mixed-case')`,
  `&#106;avascript:alert('entity')`,
  `&#x6A;&#x61;vascript:alert('hex-entity')`,
  `java\tscript:alert('tab')`,
  `vbscript:msgbox('vb')`,
  `VBScript:msgbox('vb2')`,
  `data:text/html;base64,PHNjcmlwdD5hbGVydCgnZGF0YScpPC9zY3JpcHQ+`,
  `<style>body{display:none}</style>`,
  `<p style="position:fixed;inset:0;background:red">overlay</p>`,
  `<svg><script>alert('svg-script')</script></svg>`,
  `<svg><a xlink:href="javascript:alert('xlink')"><text>x</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')>`,
  `<math href="javascript:alert('math')">x</math>`,
  `<xmp><img src=x onerror=alert('xmp')></xmp>`,
  `<iframe src="javascript:alert('iframe')"></iframe>`,
  `<form action="javascript:alert('form')"><input name=x><button>go</button></form>`,
  `<object data="javascript:alert('object')"></object><embed src="javascript:alert('embed')">`,
  `</title><script>alert('title-break')</script>`,
  `</script><script>alert('script-break')</script>`,
  `<a href="javascript:alert('a')" data-x="1" class="x" id="skip-link">link</a>`,
  `<noscript><p title="</noscript><img src=x onerror=alert('noscript')>">`,
  `<base href="https://evil.example/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert('meta')">`,
  `'"--><!--<img src=x onerror=alert('comment')>`,
];

/** Markdown that hides the payloads in link and image syntax too. */
function hostileMarkdown(payload: string): string {
  return [
    `# ${payload}`,
    payload,
    `[click](${payload}) [js](javascript:alert('md-link')) [vb](vbscript:msgbox('md')) [data](data:text/html,<script>alert('md-data')</script>)`,
    `![img](javascript:alert('md-img')) ![data-img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)`,
    `<a href="&#106;avascript:alert('md-entity')">entity</a> <a href="JAVASCRIPT:alert('md-case')">case</a>`,
  ].join('\n\n');
}

function hostileIssue(index: number, payload: string, projectId: string | null) {
  return {
    id: index % 3 === 0 ? `hostile-${index}` : `hostile ${index} ${payload}`,
    identifier: payload,
    createdAt: payload,
    description: hostileMarkdown(payload),
    isDeleted: false,
    isVisible: true,
    trackerTicketId: payload,
    priority: payload,
    projectId,
    sortOrder: index,
    status: index % 2 ? payload : 'In Progress',
    summary: [payload, `second ${payload}`],
    summaryUpdated: payload,
    team: index % 2 ? payload : { name: payload },
    title: `${index}: ${payload}`,
    updatedAt: '2026-11-01T10:00:00.000Z',
    url: payload,
    version: 1,
    workspaceId: payload,
    upvotes: index,
    importanceScore: index,
    descriptionData: payload,
  };
}

function hostileProject(index: number, payload: string) {
  return {
    id: `hostile-project-${index}`,
    name: payload,
    description: hostileMarkdown(payload),
    color: ['red;background:url(javascript:alert(1))', '#12345g', 'expression(alert(1))', '#fff;}body{display:none}{'][index % 4],
    createdAt: payload,
    icon: `<img src=x onerror=alert('icon')>`,
    trackerProjectId: payload,
    trackerTeamIds: [payload],
    progress: 0.5,
    sortOrder: index,
    state: payload,
    upvotes: index,
    importanceScore: index,
  };
}

/** Characters XML 1.0 forbids, which would make the feed invalid: a C0 control, U+FFFE, U+FFFF and a lone surrogate. */
export const XML_FORBIDDEN_SAMPLE = '\u0001\u0008\u001f\uFFFE\uFFFF\uD800';

/** A status of more than 250 characters: a folder named after it would be too long for any file system. */
export const LONG_STATUS = 'Waiting on the vendor to confirm '.repeat(9).trim();
/** A title and a status made to start a GitHub Actions command in a CI log. */
export const LOG_STEERING_TITLE = 'Innocent title\n::error title=Build failed::pwned \u001b[31mred\u001b[0m';
export const LOG_STEERING_STATUS = 'Beta\n::warning::steered';

/**
 * Descriptions that stopped or stalled a build before: by case name, and the
 * bound the build log must name for each (null: it renders within bounds,
 * without a warning).
 */
export const PATHOLOGICAL_DESCRIPTIONS: Record<string, { markdown: string; limit: string | null }> = {
  frameset: { markdown: '<frameset>', limit: null },
  'nested-quotes': { markdown: `${'>'.repeat(2000)} deep`, limit: 'nesting' },
  'nested-lists': { markdown: `${'- '.repeat(1000)}deep`, limit: 'nesting' },
  'nested-tags': { markdown: `${'<b>'.repeat(10_000)}deep`, limit: 'element depth' },
  quadratic: { markdown: '_a'.repeat(150_000), limit: 'length' },
  'nested-emphasis': { markdown: `${'*a '.repeat(12_000)}x${' a*'.repeat(12_000)}`, limit: 'emphasis' },
  'reopened-formatting': { markdown: Array.from({ length: 2000 }, (_, i) => `<p><b a=${i}></p>`).join(''), limit: 'plain text' },
  media: { markdown: '<video src="https://media.example/v.mp4" controls></video><audio src="https://media.example/a.mp3"></audio> media', limit: null },
};

/** Ids of the round-two cases, by what they test. */
export const HOSTILE_IDS = {
  duplicate: 'hostile-duplicate',
  hiddenCopy: 'hostile-hidden-copy',
  dots: ['.', '..'],
  caseTwins: ['Hostile-Case', 'hostile-case'],
  /** An id equal to the hashed slug of another id (`Hostile-Case`). */
  slugSquatter: pageSlug('Hostile-Case'),
  loneSurrogates: ['lone\uD800', 'lone\uD801'],
  long: `long-${'x'.repeat(5000)}`,
  dates: 'hostile-dates',
  farDates: 'hostile-far-dates',
  longStatus: 'hostile-long-status',
  upvotes: 'hostile-upvotes',
  controlChars: 'hostile-control-chars',
  logSteering: 'hostile-log-steering',
  description: (name: string) => `hostile-description-${name}`,
} as const;

/** Project ids issues name that can never be requested safely, and a project that answers with another id. */
export const HOSTILE_PROJECT_REFS = { unrequestable: ['..', '.'], asked: 'hostile-asked', answered: 'hostile-answered' } as const;

function caseIssue(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `Case ${id.slice(0, 40)}`,
    status: 'In Progress',
    summary: ['A round-two case'],
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-02T10:00:00.000Z',
    isVisible: true,
    isDeleted: false,
    upvotes: 1,
    ...extra,
  };
}

/** The round-two cases, first in the list so the build log's lists name them before the payload issues. */
function roundTwoIssues(): unknown[] {
  const ids = HOSTILE_IDS;
  const bad = XML_FORBIDDEN_SAMPLE;
  return [
    caseIssue(ids.dates, { createdAt: '1', updatedAt: '+010000-01-01T00:00:00Z' }),
    caseIssue(ids.farDates, { createdAt: '9999-12-31T23:59:59-14:00', updatedAt: '2026-10-03T10:00:00Z' }),
    caseIssue(ids.duplicate, { title: 'First copy of a repeated id' }),
    caseIssue(ids.duplicate, { title: 'Second copy of a repeated id' }),
    caseIssue(ids.hiddenCopy, { title: 'Visible copy of an id hidden elsewhere' }),
    caseIssue(ids.hiddenCopy, { title: HOSTILE_HIDDEN_MARKER, isVisible: false }),
    ...ids.dots.map((id) => caseIssue(id)),
    ...ids.caseTwins.map((id) => caseIssue(id)),
    caseIssue(ids.slugSquatter),
    ...ids.loneSurrogates.map((id) => caseIssue(id)),
    caseIssue(ids.long),
    caseIssue(ids.longStatus, { status: LONG_STATUS }),
    caseIssue(ids.upvotes, { upvotes: 1e308, importanceScore: 1e308 }),
    caseIssue(ids.controlChars, {
      // The newest item, so the feed (at most 50 items) always has it.
      updatedAt: '2026-12-01T10:00:00.000Z',
      title: `Control${bad} characters`,
      summary: [`Summary${bad} line`, `Sync is <img src=x onerror=alert('feed')> faster`, 'press <Tab>'],
      status: `In${bad} Progress`,
      team: `Team${bad}`,
      identifier: `ID${bad}`,
      description: `Description${bad} text`,
      priority: `High${bad}`,
    }),
    caseIssue(ids.logSteering, { title: LOG_STEERING_TITLE, status: LOG_STEERING_STATUS }),
    caseIssue('hostile-bad-project-1', { projectId: HOSTILE_PROJECT_REFS.unrequestable[0] }),
    caseIssue('hostile-bad-project-2', { projectId: HOSTILE_PROJECT_REFS.unrequestable[1] }),
    caseIssue('hostile-mismatched-project', { projectId: HOSTILE_PROJECT_REFS.asked }),
    ...Object.entries(PATHOLOGICAL_DESCRIPTIONS).map(([name, { markdown }]) => caseIssue(ids.description(name), { description: markdown })),
  ];
}

export function hostileWorkspace(): Workspace {
  const projects = PAYLOADS.slice(0, 6).map((payload, index) => hostileProject(index, payload));
  const issues: unknown[] = [...roundTwoIssues(), ...PAYLOADS.map((payload, index) => hostileIssue(index, payload, projects[index % projects.length]!.id))];
  issues.push(
    { ...hostileIssue(900, HOSTILE_HIDDEN_MARKER, projects[0]!.id), title: HOSTILE_HIDDEN_MARKER, description: HOSTILE_HIDDEN_MARKER, isVisible: false },
    { ...hostileIssue(901, HOSTILE_DELETED_MARKER, null), title: HOSTILE_DELETED_MARKER, description: HOSTILE_DELETED_MARKER, isDeleted: true },
  );
  const byId: Record<string, unknown> = Object.fromEntries(projects.map((p) => [p.id, p]));
  // Asked for by id, it answers as another project.
  byId[HOSTILE_PROJECT_REFS.asked] = { ...hostileProject(7, 'Answered as another project'), id: HOSTILE_PROJECT_REFS.answered };
  return { issues, projects: byId, paging: { mode: 'whole' } };
}

/**
 * The issues the site must publish, worked out here from the fixture alone:
 * visible and not deleted, each id once (lone surrogates taken out first, so
 * the two `lone` ids are one), and no id any copy of which is hidden. (No
 * hostile status lands in the hidden canceled column.)
 */
export function hostilePublishedIds(): string[] {
  const issues = hostileWorkspace().issues as { id: string; isVisible?: boolean; isDeleted?: boolean }[];
  const id = (raw: string) => raw.replace(/[\uD800-\uDFFF]/g, '');
  const hidden = new Set(issues.filter((i) => i.isVisible === false || i.isDeleted === true).map((i) => id(i.id)));
  return [...new Set(issues.map((i) => id(i.id)))].filter((each) => !hidden.has(each));
}
