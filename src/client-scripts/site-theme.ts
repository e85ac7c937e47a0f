/**
 * The visitor's own light / dark / automatic choice on the site's pages, where `theme.colorScheme` is `auto`. The
 * CSP allows no inline script, so this small external script, a classic one loaded in each page's <head>
 * (src/layouts/Base.astro), reads the choice remembered in localStorage and sets `data-theme` on <html> while the
 * document is still being parsed: before the first paint, so there is no flash of the other scheme. "Automatic"
 * leaves `data-theme` off, and the stylesheet follows `prefers-color-scheme` (src/styles/tokens.css). Once the page
 * is parsed it wires the header's switch (ThemeSwitch.astro), which is `hidden` until then: without scripting there
 * is no switch, and the page follows the system.
 *
 * A classic, parser-blocking script, not a module (a module runs after parsing): bundled as one IIFE at build
 * (src/integration/classic-scripts.ts) and served as src/routes/theme.js.ts.
 */
import { THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from '../theme/site-theme.ts';

const root = document.documentElement;

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'auto';
  } catch {
    // Storage refused (a sandboxed frame, blocked cookies): the page follows the system.
    return 'auto';
  }
}

function remember(choice: ThemeChoice): void {
  try {
    if (choice === 'auto') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered: the choice holds for this page only.
  }
}

function currentChoice(): ThemeChoice {
  return THEME_CHOICES.find((choice) => choice === root.dataset.themeChoice) ?? 'auto';
}

function apply(choice: ThemeChoice): void {
  if (choice === 'auto') delete root.dataset.theme;
  else root.dataset.theme = choice;
  root.dataset.themeChoice = choice;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', choice === 'auto' ? 'light dark' : choice);
}

/**
 * The switch's names, from its `data-names` (ThemeSwitch.astro): `label` ("Colour scheme"), one per choice, and
 * `labelValue`, the language's way of joining them ("{label}: {value}", French "{label} : {value}").
 */
type SwitchNames = Partial<Record<'label' | 'labelValue' | ThemeChoice, string>>;

function switchNames(button: HTMLElement): SwitchNames {
  try {
    return JSON.parse(button.dataset.names ?? '{}') as SwitchNames;
  } catch {
    return {};
  }
}

/**
 * Names the button after the choice in force ("Colour scheme: Dark"); after a click, also says it in the switch's
 * status region, as a change of a focused button's name alone is not announced by every screen reader.
 */
function wireSwitch(button: HTMLElement): void {
  const names = switchNames(button);
  const announcer = document.querySelector('[data-theme-status]');
  const name = () => (names.labelValue ?? '{label}: {value}').replace('{label}', () => names.label ?? '').replace('{value}', () => names[currentChoice()] ?? '');
  const label = () => {
    button.setAttribute('aria-label', name());
    button.title = name();
  };
  button.addEventListener('click', () => {
    const next = THEME_CHOICES[(THEME_CHOICES.indexOf(currentChoice()) + 1) % THEME_CHOICES.length]!;
    remember(next);
    apply(next);
    label();
    if (announcer) announcer.textContent = name();
  });
  label();
  button.hidden = false;
}

apply(storedChoice());
document.addEventListener('DOMContentLoaded', () => {
  const button = document.querySelector<HTMLElement>('[data-theme-switch]');
  if (button) wireSwitch(button);
});
