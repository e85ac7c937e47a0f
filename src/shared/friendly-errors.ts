/**
 * zod errors a person can act on: each problem on its own line, with the path
 * of the bad value and what to do, in the manner of Starlight's
 * `parseWithFriendlyErrors`.
 */
import type { z } from 'zod';
import { ConfigError } from './errors.ts';
import { knownKeys, likelyKey } from './schema-keys.ts';

type Issue = z.core.$ZodIssue;

/** `[3].upvotes`, `.summary[0]`: a zod issue path as a JSON path. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('') || '(root)';
}

/** One line per problem: `  - columns[0].id: <message>`; with the `schema` checked, an unknown key names the likely one. */
export function formatIssues(issues: readonly Issue[], root = '', schema?: unknown): string {
  return issues.map((issue) => `  - ${describe(issue, root, schema)}`).join('\n');
}

function describe(issue: Issue, root: string, schema: unknown): string {
  const path = `${root}${jsonPath(issue.path).replace(/^\(root\)$/, '')}`.replace(/^\./, '') || '(top level)';
  if (issue.code === 'unrecognized_keys') {
    const known = schema === undefined ? [] : knownKeys(schema, issue.path);
    const keys = issue.keys
      .map((key) => {
        const likely = likelyKey(key, known);
        return `"${key}"${likely ? ` (did you mean "${likely}"?)` : ''}`;
      })
      .join(', ');
    return `${path}: unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}. Remove ${issue.keys.length > 1 ? 'them' : 'it'} or fix the spelling.`;
  }
  // A check that found a secret where a name belongs says so without repeating it (`params: SECRET_INPUT`).
  const secret = issue.code === 'custom' && (issue.params as { secret?: boolean } | undefined)?.secret === true;
  return `${path}: ${issue.message}${secret ? '' : echo(issue.input)}`;
}

/** The `params` of a refinement whose rejected value may be a secret (a webhook URL, a token): never echoed. */
export const SECRET_INPUT = { secret: true } as const;

/**
 * A value that may carry a credential, whatever its spelling: a URL naming a user or with a token in its query,
 * a chat webhook's URL, a token of a known kind. Never echoed, whichever option it was given to.
 */
export function mayBeSecret(text: string): boolean {
  return /:\/\/[^/?#]*@|[?&](?:access_token|token|key|secret|sig|signature|password|code)=|hooks\.slack\.com|\/api\/webhooks\/|webhook\.office\.com|logic\.azure\.com|\bxox[a-z]-|\bgh[pousr]_|github_pat_|glpat-/i.test(
    text,
  );
}

/** Longest rejected value echoed back; longer ones are cut with an ellipsis. */
const ECHO_LIMIT = 80;

/**
 * `; got "blue"`: the rejected value, so the reader sees what was read (a
 * typo, a value from the wrong variable). Only a single text, number or
 * boolean is echoed, never an object: the object of a top-level problem of the
 * environment would be every variable of the process, tokens included.
 */
function echo(input: unknown): string {
  if (typeof input !== 'string' && typeof input !== 'number' && typeof input !== 'boolean') return '';
  if (typeof input === 'string' && mayBeSecret(input)) return '';
  const text = JSON.stringify(input);
  return `; got ${text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT - 1)}…` : text}`;
}

/**
 * Parses `input` with `schema`, or throws a `ConfigError` that names `what`
 * (the file or variable), every bad path, and the fix.
 */
export function parseWithFriendlyErrors<S extends z.ZodType>(schema: S, input: unknown, what: string, fix: string): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new ConfigError(`Invalid ${what}:\n${formatIssues(result.error.issues, '', schema)}\n${fix}`, { cause: result.error });
}
