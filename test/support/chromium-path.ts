/**
 * Where the browser tier finds Chromium: Debian's `chromium-headless-shell` package, Chromium's headless shell
 * (the same Blink and V8 as the `chromium` package, of the same version, without the windowed browser's UI,
 * GPU and compositor processes). The browser tier needs nothing the shell leaves out, and it costs less than
 * half: test/browser took 315 core-seconds and 160 s with the `chromium` package, 134 and 70 s with the shell
 * (the same 95 tests, cached fixtures, an idle 2-core machine). `CHROMIUM_PATH` names another build.
 * Imported by scripts/ensure-chromium.ts (the pretest step) too, so it imports nothing.
 */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
