/** Look and feel: accent, brand images, custom CSS and colour scheme. */
import { z } from 'zod';
import { HEX_COLOUR } from '../../shared/values.ts';

const hexColour = z.string().regex(HEX_COLOUR, 'use a hex colour, e.g. "#1d4ed8"');

/**
 * A CSS font stack, written into /site.css as it is: so only family names, each a quoted name without quotes inside
 * or a run of letters, digits, spaces, dots, hyphens and underscores, separated by commas. Nothing else can end the
 * declaration or the rule it sits in.
 */
const FONT_FAMILY =
  /^\s*(?:"[^"\\;{}<>\u0000-\u001f]+"|'[^'\\;{}<>\u0000-\u001f]+'|[\p{L}\p{N} ._-]+)(?:\s*,\s*(?:"[^"\\;{}<>\u0000-\u001f]+"|'[^'\\;{}<>\u0000-\u001f]+'|[\p{L}\p{N} ._-]+))*\s*$/u;

/** Where a relative asset path is resolved to check that it stays on the site. */
const ASSET_BASE = 'https://site.invalid/';

/**
 * A path under public/ (served with the base path, see `assetUrl`) or an
 * https URL. Checked the way a browser will read it: `/\other.example/x.png`
 * and `//other.example/x.png` are URLs of another site, so a path must start
 * with one `/`, hold no backslash, space or control character and no `.` or
 * `..` segment, and resolve to this site.
 */
export function isPublicAsset(value: string): boolean {
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('https://')) {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  const path = value.split(/[?#]/, 1)[0]!;
  if (path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) return false;
  try {
    return new URL(value, ASSET_BASE).origin === new URL(ASSET_BASE).origin;
  } catch {
    return false;
  }
}

/** Whether a configured value names a file of the team's (relative to the config file) rather than a public/ path or a URL. */
export function isBrandFile(value: string): boolean {
  return !value.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(value);
}

/** A brand image (src/config/brand.ts checks the file and serves it): a file relative to the config file, a path under public/, or an https URL. */
function brandImage(example: string) {
  return z
    .string()
    .refine(
      (value) => isPublicAsset(value) || (isBrandFile(value) && value.trim() !== '' && !/[\\\u0000-\u001f\u007f]/.test(value)),
      `use an image file relative to the config file such as "${example}", a path under public/ (one leading "/", no backslash), or an https URL`,
    );
}

export const themeOptions = {
  /** Look and feel. */
  theme: z
    .strictObject({
      /** Accent colour: focus rings, the selected status tab, active filters, links, buttons, progress bars; src/theme/theme.ts keeps its contrast. */
      accent: hexColour.optional(),
      /**
       * The pages' font stack, e.g. `Inter, system-ui, sans-serif`: family names separated by commas, a name with
       * spaces quoted or not. Unset: the system's UI font, which needs no download (docs/theming.md).
       */
      fontFamily: z.string().max(300, 'at most 300 characters').regex(FONT_FAMILY, 'use font family names separated by commas, e.g. "Inter, system-ui, sans-serif"').optional(),
      /**
       * Logo beside the title: an image file relative to the config file (e.g. `brand/logo.svg`, served
       * from `brand/` and checked by src/config/brand.ts), a path under `public/` (e.g. `/logo.svg`) or an https URL.
       */
      logo: brandImage('brand/logo.svg').optional(),
      /** The favicon, as `logo` takes it (e.g. `brand/favicon.svg`). Unset: portal-roadmap's own. */
      favicon: brandImage('brand/favicon.svg').optional(),
      /**
       * The default Open Graph / Twitter image, as `logo` takes it (e.g. `brand/social.png`, ideally 1200×630): on
       * every page with no share card of its own, over the site card of `shareCards`. Unset, with `shareCards` off:
       * link previews show no image (portal-roadmap ships none with its own branding). Was `seo.image`.
       */
      socialImage: brandImage('brand/social.png').optional(),
      /** A CSS file of yours inside the project, relative to its root, loaded after the site's own styles (checked by `customCssFile`). */
      customCss: z.string().min(1).optional(),
      /**
       * `auto` follows the visitor's system setting; `light` or `dark` forces one. With a `layout`, `auto` follows the
       * layout's page instead: its `color-scheme` (`light dark` lets the visitor's setting choose; a page that
       * declares none stays light), and `light` or `dark` forces one on the roadmap's part of the page. In
       * Starlight's frame, Starlight's theme select chooses.
       */
      colorScheme: z.enum(['auto', 'light', 'dark'], { error: 'use "auto", "light" or "dark"' }).default('auto'),
    })
    .default({ colorScheme: 'auto' }),
};
