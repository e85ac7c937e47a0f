/**
 * Content digests. The same data always gives the same digest, whatever the
 * key order of the JSON it came from, so a rebuild can tell "nothing changed".
 */
import { createHash } from 'node:crypto';
import { compareCodeUnits } from '../shared/values.ts';

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => compareCodeUnits(a, b))) : v,
  );
}

/** `sha256:<hex>` of the canonical JSON of `value`. */
export function contentDigest(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;
}
