/** Overrides of the interface's words. */
import { z } from 'zod';
import { EN, type LabelKey, type PluralKey, type StringKey } from '../../i18n/labels.ts';
import { localText } from './local-text.ts';
import { outputText } from './text.ts';

const labelKeys = Object.keys(EN) as LabelKey[];
const labelText = () => outputText().pipe(z.string().min(1));
/** Plural forms in an override: `other` is required; a missing form falls back to it (the build warns). */
const PluralOverrideSchema = z.strictObject({
  zero: labelText().optional(),
  one: labelText().optional(),
  two: labelText().optional(),
  few: labelText().optional(),
  many: labelText().optional(),
  other: outputText().pipe(z.string().min(1, 'give the "other" form, e.g. "{count} requests"')),
});
const pluralLabel = () => z.union([labelText(), PluralOverrideSchema]);
/**
 * A plain message for a plain key; for a counted key a plain message (every count) or plural forms. Either may
 * be given per language instead: `{"en": "Vote", "de": "Abstimmen"}`.
 */
const LabelsSchema = z.strictObject(
  Object.fromEntries(labelKeys.map((key) => [key, localText(typeof EN[key] === 'string' ? labelText() : pluralLabel()).optional()])) as {
    [K in StringKey]: z.ZodOptional<ReturnType<typeof localText<ReturnType<typeof labelText>>>>;
  } & { [K in PluralKey]: z.ZodOptional<ReturnType<typeof localText<ReturnType<typeof pluralLabel>>>> },
);

export const labelOptions = {
  /** Overrides of UI strings; the keys are those of src/i18n/translations/en.json. Counted keys take a string or plural forms. */
  labels: LabelsSchema.default({}),
};
