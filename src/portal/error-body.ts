/**
 * Reads an error response body in either of the two shapes the service uses
 * (docs/portal-api.md, Errors §1–2):
 * - declared shape: `{ message, code, issues?: [{ message }] }`;
 * - authentication / rate-limit shape: `{ error: { code, message, details, request_id } }`.
 * Anything else (an HTML error page from a proxy, plain text, truncated JSON)
 * still yields a short, readable message: never the whole page.
 */
import { z } from 'zod';
import { logText } from '../shared/text.ts';

const DeclaredShape = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ message: z.string() })).optional(),
});

const EnvelopeShape = z.object({
  error: z.object({
    code: z.string().optional(),
    message: z.string().optional(),
    details: z.unknown().optional(),
    request_id: z.string().optional(),
  }),
});

interface ErrorBody {
  message: string | undefined;
  code: string | undefined;
  requestId: string | undefined;
  details: unknown;
}

/** Longest excerpt of a non-JSON body quoted in a message. */
const EXCERPT_LENGTH = 160;
/** Longest message of a JSON error body kept: it ends up in a CI log. */
export const MESSAGE_LENGTH = 500;
/** Longest error code or request id kept. */
const TOKEN_LENGTH = 100;

/**
 * The error body's message, code and request id, each made safe for one log
 * line (no line breaks, control characters or workflow commands) and capped:
 * a server can send anything, 200 KB included.
 */
export function parseErrorBody(text: string): ErrorBody {
  const body = readErrorBody(text);
  const capped = (value: string | undefined, limit: number) => (value === undefined ? undefined : logText(value, limit));
  return { ...body, message: capped(body.message, MESSAGE_LENGTH), code: capped(body.code, TOKEN_LENGTH), requestId: capped(body.requestId, TOKEN_LENGTH) };
}

function readErrorBody(text: string): ErrorBody {
  const json = tryParseJson(text);
  const declared = DeclaredShape.safeParse(json);
  if (declared.success) {
    const { message, code, issues } = declared.data;
    const extra = issues?.map((issue) => issue.message).filter((m) => m && m !== message) ?? [];
    return {
      message: extra.length ? `${message} (${extra.join('; ')})` : message,
      code,
      requestId: undefined,
      details: issues,
    };
  }
  const envelope = EnvelopeShape.safeParse(json);
  if (envelope.success) {
    const { code, message, details, request_id } = envelope.data.error;
    return { message, code, requestId: request_id, details };
  }
  return { message: excerpt(text), code: undefined, requestId: undefined, details: undefined };
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * How much of a body that is not JSON the excerpt is taken from. The tag-stripping expressions below
 * backtrack quadratically on text full of `<`: a 2 MB error page took half an hour, and nothing
 * interrupts synchronous work. The start of a page is where its message is.
 */
export const EXCERPT_SOURCE_LENGTH = 4096;

/** A one-line excerpt of a body that is not JSON, with markup removed for reading only. */
function excerpt(text: string): string | undefined {
  const oneLine = text
    .slice(0, EXCERPT_SOURCE_LENGTH)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!oneLine) return undefined;
  return oneLine.length > EXCERPT_LENGTH ? `${oneLine.slice(0, EXCERPT_LENGTH)}…` : oneLine;
}
