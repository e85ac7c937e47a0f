/**
 * Draws the image of the demo's release note "Invoicing 2.0" (src/data/demo/releases/invoicing-2-0.png): a phone
 * showing an invoice made from a finished job, drawn from the SVG below, so the demo's image is ours and can be
 * redrawn. A palette PNG of flat colours keeps the file small (about 25 KB); Astro optimises it into WebP at the
 * widths a page asks for, as it does a team's.
 *
 *     node scripts/demo-note-image.ts
 */
import sharp from 'sharp';
import { packageFile } from '../src/shared/package-files.ts';

const WIDTH = 1280;
const HEIGHT = 720;
const ACCENT = '#1d4ed8';
const FONT = "font-family='Liberation Sans, DejaVu Sans, sans-serif'";

/** A line of an invoice: what, and the amount. */
const LINES = [
  ['Boiler service', '120.00'],
  ['Pressure valve', '64.00'],
  ['Call-out, 45 min', '40.00'],
];

const text = (x: number, y: number, size: number, fill: string, body: string, extra = '') =>
  `<text x='${x}' y='${y}' font-size='${size}' fill='${fill}' ${FONT} ${extra}>${body}</text>`;

const phoneX = 430;
const phoneY = 40;
const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${WIDTH}' height='${HEIGHT}' viewBox='0 0 ${WIDTH} ${HEIGHT}'>
  <rect width='${WIDTH}' height='${HEIGHT}' fill='#e8eefb'/>
  <circle cx='180' cy='600' r='260' fill='#dbe4f8'/>
  <circle cx='1120' cy='110' r='200' fill='#dbe4f8'/>
  <!-- The finished job, a card behind the phone -->
  <rect x='130' y='180' width='330' height='210' rx='22' fill='#ffffff'/>
  ${text(160, 228, 22, '#64748b', 'Job #3187 · Done')}
  ${text(160, 268, 28, '#0f172a', '14 Elm Street', "font-weight='bold'")}
  <rect x='160' y='292' width='220' height='14' rx='7' fill='#e2e8f0'/>
  <rect x='160' y='318' width='160' height='14' rx='7' fill='#e2e8f0'/>
  <circle cx='392' cy='222' r='18' fill='#16a34a'/>
  <path d='M383 222 l6 6 l12 -12' stroke='#ffffff' stroke-width='4' fill='none' stroke-linecap='round' stroke-linejoin='round'/>
  <!-- The phone -->
  <rect x='${phoneX}' y='${phoneY}' width='420' height='680' rx='54' fill='#0f172a'/>
  <rect x='${phoneX + 16}' y='${phoneY + 16}' width='388' height='648' rx='40' fill='#ffffff'/>
  <rect x='${phoneX + 160}' y='${phoneY + 30}' width='100' height='12' rx='6' fill='#0f172a'/>
  ${text(phoneX + 44, phoneY + 108, 22, '#64748b', 'Invoice INV-2041')}
  ${text(phoneX + 44, phoneY + 150, 34, '#0f172a', '14 Elm Street', "font-weight='bold'")}
  <line x1='${phoneX + 44}' y1='${phoneY + 180}' x2='${phoneX + 376}' y2='${phoneY + 180}' stroke='#e2e8f0' stroke-width='2'/>
  ${LINES.map(
    ([what, amount], index) =>
      text(phoneX + 44, phoneY + 228 + index * 52, 24, '#334155', what!) + text(phoneX + 376, phoneY + 228 + index * 52, 24, '#334155', amount!, "text-anchor='end'"),
  ).join('\n  ')}
  <line x1='${phoneX + 44}' y1='${phoneY + 370}' x2='${phoneX + 376}' y2='${phoneY + 370}' stroke='#e2e8f0' stroke-width='2'/>
  ${text(phoneX + 44, phoneY + 412, 22, '#64748b', 'VAT 20 %')}
  ${text(phoneX + 376, phoneY + 412, 22, '#64748b', '44.80', "text-anchor='end'")}
  ${text(phoneX + 44, phoneY + 464, 30, '#0f172a', 'Total', "font-weight='bold'")}
  ${text(phoneX + 376, phoneY + 464, 30, '#0f172a', '€ 268.80', "font-weight='bold' text-anchor='end'")}
  <rect x='${phoneX + 44}' y='${phoneY + 510}' width='332' height='68' rx='34' fill='${ACCENT}'/>
  ${text(phoneX + 210, phoneY + 553, 26, '#ffffff', 'Send payment link', "font-weight='bold' text-anchor='middle'")}
  <!-- The customer's side: paid -->
  <rect x='900' y='430' width='260' height='120' rx='22' fill='#ffffff'/>
  <circle cx='950' cy='490' r='26' fill='#dcfce7'/>
  <path d='M938 490 l8 8 l16 -16' stroke='#16a34a' stroke-width='5' fill='none' stroke-linecap='round' stroke-linejoin='round'/>
  ${text(992, 482, 26, '#0f172a', 'Paid', "font-weight='bold'")}
  ${text(992, 514, 22, '#64748b', '€ 268.80')}
</svg>`;

const file = packageFile('src/data/demo/releases/invoicing-2-0.png');
await sharp(Buffer.from(svg)).png({ palette: true, colours: 32, compressionLevel: 9, effort: 10 }).toFile(file);
console.log(`Wrote ${file}`);
