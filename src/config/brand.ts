/**
 * The team's brand images: the favicon, the logo beside the title and the
 * default social image. Each is a file of the team's, named by its path
 * relative to the config file, checked here (it exists inside the project, is
 * a file, and its bytes are of the image type its name says, the type the
 * page then declares; an SVG holds only what src/team-svg/ allows), and served from `brand/` under a name with a digest of
 * its contents, so an edited file gets a new URL and browsers never keep the
 * old one. A path under public/ (`/logo.svg`) or an https URL is used as it
 * is. Without a favicon of the team's, the package's own is served.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../shared/errors.ts';
import { packageFile } from '../shared/package-files.ts';
import { isBrandFile } from './schemas/theme.ts';
import { SVG_FIX, svgProblem } from '../team-svg/check.ts';

/** The folder, below the roadmap's root, the team's images are served from. */
export const BRAND_DIR = 'brand';

/** The image types a brand file may have, by extension, and how their bytes begin. */
const IMAGE_TYPES: Record<string, { type: string; looksLike: (bytes: Buffer) => boolean }> = {
  '.svg': {
    type: 'image/svg+xml',
    looksLike: (bytes) => /^(?:\uFEFF)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8')),
  },
  '.png': { type: 'image/png', looksLike: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  '.jpg': { type: 'image/jpeg', looksLike: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  '.jpeg': { type: 'image/jpeg', looksLike: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  '.gif': { type: 'image/gif', looksLike: (bytes) => /^GIF8[79]a/.test(bytes.subarray(0, 6).toString('latin1')) },
  '.webp': { type: 'image/webp', looksLike: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP' },
  '.ico': { type: 'image/x-icon', looksLike: (bytes) => bytes.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])) },
};

export const BRAND_EXTENSIONS = Object.keys(IMAGE_TYPES);

/** Largest brand file: a favicon or logo is a few KB, a social image a few hundred. */
export const MAX_BRAND_BYTES = 5 * 1024 * 1024;

export interface BrandAsset {
  /** Where pages link it: a path below the roadmap's root (`brand/logo-1a2b3c4d.svg`), a path under public/ (`/logo.svg`), or an https URL. */
  url: string;
  /** The MIME type the page declares (`<link rel="icon" type>`); none for an https URL, whose type is the server's to say. */
  type?: string;
  /** The file copied into the output, for a file of the team's or the package's own favicon. */
  file?: string;
}

export interface Brand {
  favicon: BrandAsset;
  logo?: BrandAsset;
  socialImage?: BrandAsset;
}

/** What the config says of each image (`theme.favicon`, `theme.logo`, `theme.socialImage`). */
export interface BrandOptions {
  favicon?: string | undefined;
  logo?: string | undefined;
  socialImage?: string | undefined;
}

const OPTION_NAMES: Record<keyof BrandOptions, string> = { favicon: 'theme.favicon', logo: 'theme.logo', socialImage: 'theme.socialImage' };

/**
 * Each image, checked and named. `configDir` is the config file's folder (the
 * project root for options given in astro.config.mjs); `configName` names it in errors.
 */
export function resolveBrand(options: BrandOptions, root: string, configDir: string, configName: string): Brand {
  const asset = (key: keyof BrandOptions): BrandAsset | undefined => {
    const value = options[key];
    if (value === undefined) return undefined;
    if (!isBrandFile(value)) return { url: value, ...(value.startsWith('/') ? typeOfName(value) : {}) };
    return brandFile(key, value, root, configDir, configName);
  };
  const favicon = asset('favicon') ?? packageFavicon();
  const logo = asset('logo');
  const socialImage = asset('socialImage');
  return { favicon, ...(logo ? { logo } : {}), ...(socialImage ? { socialImage } : {}) };
}

/** The package's own favicon, served like a file of the team's. */
function packageFavicon(): BrandAsset {
  const file = packageFile('src/assets/favicon.svg');
  return { url: servedName('favicon', file, readFileSync(file)), type: IMAGE_TYPES['.svg']!.type, file };
}

function typeOfName(path: string): { type?: string } {
  const known = IMAGE_TYPES[extname(path.split(/[?#]/, 1)[0]!).toLowerCase()];
  return known ? { type: known.type } : {};
}

function servedName(key: string, file: string, bytes: Buffer): string {
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  return `${BRAND_DIR}/${key === 'socialImage' ? 'social' : key}-${digest}${extname(file).toLowerCase()}`;
}

function brandFile(key: keyof BrandOptions, value: string, root: string, configDir: string, configName: string): BrandAsset {
  const fail = (problem: string) =>
    new ConfigError(
      `Invalid ${configName}:\n  - ${OPTION_NAMES[key]}: ${problem}. Give the path of an image file inside the project, relative to ${configName === 'roadmap.config.json' || configName.endsWith('.json') ? 'the config file' : 'the project root'}, e.g. "brand/logo.svg".`,
    );
  const candidate = resolve(configDir, value);
  const extension = extname(candidate).toLowerCase();
  const known = IMAGE_TYPES[extension];
  if (!known) throw fail(`"${value}" is not an image type a page can declare (use ${BRAND_EXTENSIONS.join(', ')})`);
  if (!existsSync(candidate)) throw fail(`${candidate} does not exist`);
  const real = realpathSync(candidate);
  const inside = relative(realpathSync(root), real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) throw fail(`${candidate} is outside the project root ${root}`);
  const stat = statSync(real);
  if (!stat.isFile()) throw fail(`${candidate} is not a file`);
  if (stat.size > MAX_BRAND_BYTES) throw fail(`${candidate} has ${stat.size} bytes, more than the ${MAX_BRAND_BYTES} a brand image may have`);
  const bytes = readFileSync(real);
  if (!known.looksLike(bytes)) throw fail(`${candidate} is named ${extension} but its contents are not ${known.type}`);
  const unsafe = extension === '.svg' ? svgProblem(bytes) : undefined;
  if (unsafe) throw new ConfigError(`Invalid ${configName}:\n  - ${OPTION_NAMES[key]}: ${candidate} holds ${unsafe}. ${SVG_FIX}`);
  return { url: servedName(key, real, bytes), type: known.type, file: real };
}

/** The images the site serves from `brand/`, each once. */
export function brandFiles(brand: Brand): (BrandAsset & { file: string })[] {
  const files = [brand.favicon, brand.logo, brand.socialImage].filter((asset): asset is BrandAsset & { file: string } => asset?.file !== undefined);
  return [...new Map(files.map((asset) => [asset.url, asset])).values()];
}
