/**
 * A hostile workspace: every string field of every issue and project carries
 * an attack. Building it must succeed, and nothing in the output may run,
 * restyle the page, or publish what is hidden.
 */
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

export function hostileWorkspace(): Workspace {
  const projects = PAYLOADS.slice(0, 6).map((payload, index) => hostileProject(index, payload));
  const issues: unknown[] = PAYLOADS.map((payload, index) => hostileIssue(index, payload, projects[index % projects.length]!.id));
  issues.push(
    { ...hostileIssue(900, HOSTILE_HIDDEN_MARKER, projects[0]!.id), title: HOSTILE_HIDDEN_MARKER, description: HOSTILE_HIDDEN_MARKER, isVisible: false },
    { ...hostileIssue(901, HOSTILE_DELETED_MARKER, null), title: HOSTILE_DELETED_MARKER, description: HOSTILE_DELETED_MARKER, isDeleted: true },
  );
  return { issues, projects: Object.fromEntries(projects.map((p) => [p.id, p])), paging: { mode: 'whole' } };
}
