/**
 * The CSS of a team's SVG (a `<style>` element, a `style` attribute, a presentation attribute such as `fill`), held
 * to what a picture needs: `url()` only to an element of the same file (`url(#gradient)`), no at-rule that loads
 * (`@import`, `@font-face`), and only CSS functions that compute a value (colours, maths, transforms, gradients,
 * filters, selectors), so none that loads (`image-set()`, `image()`, `cross-fade()`, `src()`). Read token by token
 * with css-tree's tokenizer (CSS Syntax Level 3), each name with its escapes decoded, as a browser reads it:
 * `u\72l(`, `@\69mport` and `image-set('x.png')` are what they say. Pure.
 * @see https://www.w3.org/TR/css-syntax-3/#tokenization
 */
import { tokenize, tokenTypes } from 'css-tree/tokenizer';
import { ident, string as cssString, url as cssUrl } from 'css-tree/utils';

/** At-rules a picture's stylesheet may hold: none of them loads anything. */
const AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes', 'layer', 'container', 'charset']);

/** Why an at-rule that loads is refused; any other unknown at-rule is refused as "not for a picture". */
const LOADING_AT_RULES: Readonly<Record<string, string>> = { import: 'loads another stylesheet', 'font-face': 'loads a font', namespace: 'names other documents' };

/** CSS functions that compute a value or match elements; `url()` is held to fragments on its own. */
const FUNCTIONS = new Set([
  ...['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix', 'light-dark', 'var'],
  ...['calc', 'min', 'max', 'clamp', 'round', 'abs', 'sign', 'mod', 'rem'],
  ...['matrix', 'matrix3d', 'translate', 'translatex', 'translatey', 'translatez', 'translate3d', 'scale', 'scalex'],
  ...['scaley', 'scalez', 'scale3d', 'rotate', 'rotatex', 'rotatey', 'rotatez', 'rotate3d', 'skew', 'skewx', 'skewy'],
  ...['perspective', 'linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient'],
  ...['repeating-radial-gradient', 'repeating-conic-gradient', 'blur', 'brightness', 'contrast', 'drop-shadow'],
  ...['grayscale', 'hue-rotate', 'invert', 'opacity', 'saturate', 'sepia', 'cubic-bezier', 'steps', 'linear'],
  ...['rect', 'inset', 'circle', 'ellipse', 'polygon', 'path', 'xywh'],
  ...['not', 'is', 'where', 'has', 'nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type', 'lang', 'dir'],
  'selector',
]);

/** Whether a reference, as a URL parser reads it (tabs and newlines dropped, spaces and controls trimmed), is an element of the same file: `#id`. */
export function isFragment(reference: string): boolean {
  return reference
    .replace(/[\t\n\r]/g, '')
    .replace(/^[\u0000-\u0020]+/, '')
    .startsWith('#');
}

/** At most 80 characters of what the file holds, quoted and escaped, for a one-line message: `"https://evil.example/x"`. */
export const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);

/**
 * What in `css` loads something or is not for a picture, as `url("https://x.example/a.css"), a link to another
 * file`, or undefined when nothing is.
 */
export function styleProblem(css: string): string | undefined {
  const tokens: { type: number; text: string }[] = [];
  tokenize(css, (type, start, end) => {
    if (type !== tokenTypes.WhiteSpace && type !== tokenTypes.Comment) tokens.push({ type, text: css.slice(start, end) });
  });
  for (let index = 0; index < tokens.length; index++) {
    const { type, text } = tokens[index]!;
    if (type === tokenTypes.Url) {
      const reference = cssUrl.decode(text);
      if (!isFragment(reference)) return `url(${quoted(reference)}), a link to another file`;
    } else if (type === tokenTypes.BadUrl) {
      return `a url() that cannot be read (${quoted(text)})`;
    } else if (type === tokenTypes.AtKeyword) {
      const name = ident.decode(text.slice(1)).toLowerCase();
      if (!AT_RULES.has(name)) return `@${name}, which ${LOADING_AT_RULES[name] ?? 'is not an at-rule a picture is drawn with'}`;
    } else if (type === tokenTypes.Function) {
      const name = ident.decode(text.slice(0, -1)).toLowerCase();
      if (name === 'url') {
        // `url( "…" )`: one string, read as CSS reads it. Any other argument (`u\72l(x)`, a url token to a browser) is refused.
        const [argument, end] = [tokens[index + 1], tokens[index + 2]];
        const reference = argument && argument.type === tokenTypes.String ? cssString.decode(argument.text) : undefined;
        if (reference === undefined || end?.type !== tokenTypes.RightParenthesis) return `${quoted(`${text}${argument?.text ?? ''}`)}, a url() whose link is not one quoted string`;
        if (!isFragment(reference)) return `url(${quoted(reference)}), a link to another file`;
        index += 2;
      } else if (!FUNCTIONS.has(name)) {
        return `${name}(), which ${/image|src|element|cross-fade/.test(name) ? 'loads other files' : 'is not a CSS function a picture is drawn with'}`;
      }
    }
  }
  return undefined;
}
