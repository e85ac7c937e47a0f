/**
 * The options a config schema knows at a place in it, to name the likely one when an unknown key is a misspelling
 * (`"titel"`: did you mean `"title"`?). Reads zod's own definitions: objects by their shape, through the wrappers a
 * field wears (optional, default, nullable, a transform's input) and into lists and records.
 */
import { closest, distance } from 'fastest-levenshtein';

/** The part of a zod schema's definition this reads. */
interface SchemaNode {
  _zod?: { def?: { type?: string; innerType?: SchemaNode; in?: SchemaNode; shape?: Record<string, SchemaNode>; element?: SchemaNode; valueType?: SchemaNode } };
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'nonoptional', 'readonly', 'catch']);

function unwrap(node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node;
  for (let def = current?._zod?.def; def && (WRAPPERS.has(def.type ?? '') || def.type === 'pipe'); def = current?._zod?.def) {
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return current;
}

/** The keys of the object `path` leads to in `schema`; none where the path leads elsewhere (a union, a text). */
export function knownKeys(schema: unknown, path: readonly PropertyKey[]): string[] {
  let node = unwrap(schema as SchemaNode);
  for (const key of path) {
    const def = node?._zod?.def;
    if (def?.type === 'object' && typeof key === 'string') node = unwrap(def.shape?.[key]);
    else if (def?.type === 'array' && typeof key === 'number') node = unwrap(def.element);
    else if (def?.type === 'record') node = unwrap(def.valueType);
    else return [];
  }
  const def = node?._zod?.def;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** The known key `key` is most likely a misspelling of: at most a third of its letters apart, rounded up (a swap of two letters is two). */
export function likelyKey(key: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const nearest = closest(key, [...known]);
  return distance(key, nearest) <= Math.ceil(key.length / 3) ? nearest : undefined;
}
