/**
 * Config keys that were renamed keep working for one minor version: the old
 * key is moved to the new one before the config is checked, and the build
 * warns, naming the new key and the version that drops the old one. After
 * that version the old key is an unknown key, an error like any typo.
 */
import { ConfigError } from '../shared/errors.ts';

export interface RenamedKey {
  /** Dotted paths, e.g. `seo.image`. */
  from: string;
  to: string;
  /** The first version that no longer reads `from`. */
  removedIn: string;
}

export const RENAMED_KEYS: readonly RenamedKey[] = [
  // The brand images sit together under `theme` since 0.2.0.
  { from: 'seo.image', to: 'theme.socialImage', removedIn: '0.3.0' },
];

type Json = Record<string, unknown>;
/** A JSON object (not an array, not null): a config or a group of its options. */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `input` with every renamed key moved to its new name (a copy; the input is
 * untouched), and one warning per key moved. Both names at once is an error:
 * which one is meant cannot be told.
 */
export function moveRenamedKeys(input: unknown, file: string, renames: readonly RenamedKey[] = RENAMED_KEYS): { config: unknown; warnings: string[] } {
  if (!isObject(input)) return { config: input, warnings: [] };
  const config: Json = structuredClone(input);
  const warnings: string[] = [];
  for (const { from, to, removedIn } of renames) {
    const fromPath = from.split('.');
    const fromParent = fromPath.slice(0, -1).reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), config);
    const fromKey = fromPath.at(-1)!;
    if (!isObject(fromParent) || !(fromKey in fromParent)) continue;
    const toPath = to.split('.');
    let toParent: Json = config;
    for (const key of toPath.slice(0, -1)) {
      if (toParent[key] === undefined) toParent[key] = {};
      if (!isObject(toParent[key])) return { config, warnings };
      toParent = toParent[key] as Json;
    }
    const toKey = toPath.at(-1)!;
    if (toKey in toParent) throw new ConfigError(`Invalid ${file}:\n  - ${from}: renamed ${to}, which is set too. Keep only ${to}.`);
    toParent[toKey] = fromParent[fromKey];
    delete fromParent[fromKey];
    warnings.push(`${from} is renamed ${to}; the old name works until portal-roadmap ${removedIn}. Rename it in ${file}.`);
  }
  return { config, warnings };
}
