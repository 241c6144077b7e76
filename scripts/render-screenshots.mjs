#!/usr/bin/env node
// Renders the text fixtures as screenshots, the way people paste them: a terminal in a
// light and a dark theme, the Windows console, a Jupyter cell's red traceback, a phone
// photo of a monitor (tilted, soft, uneven light) and small text. The OCR tests read
// these and expect the cause the text gives.
//
//   node scripts/render-screenshots.mjs [OUT_DIR]   writes every screenshot as PNG, with index.json
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Resvg } = require('@resvg/resvg-js');

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MONO = 'DejaVu Sans Mono';
const FONTS = ['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf', 'DejaVuSans.ttf'].map((f) =>
  require.resolve(`dejavu-fonts-ttf/ttf/${f}`),
);

/** How each kind of screenshot looks. */
export const THEMES = {
  'terminal-light': { bg: '#ffffff', fg: '#1f2328', size: 14, width: 1400, pad: 16 },
  'terminal-dark': { bg: '#1e1e1e', fg: '#d4d4d4', size: 14, width: 1400, pad: 16, error: '#f48771' },
  'windows-console': {
    bg: '#0c0c0c',
    fg: '#cccccc',
    size: 16,
    width: 1600,
    pad: 10,
    title: 'C:\\WINDOWS\\system32\\cmd.exe',
  },
  jupyter: { bg: '#ffffff', fg: '#000000', size: 13, width: 1280, pad: 14, cell: '#fdd', error: '#b22b31' },
  'phone-photo': { bg: '#2b2b2b', fg: '#e8e8e8', size: 17, width: 1800, pad: 40, photo: true },
  'small-text': { bg: '#ffffff', fg: '#222222', size: 11, width: 1200, pad: 8 },
};

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Lines as a terminal shows them: tabs expanded, long lines wrapped at `columns`. */
function layout(lines, columns) {
  const out = [];
  for (const raw of lines) {
    const line = raw.replace(/\t/g, '    ').replace(/\r/g, '');
    if (line.length === 0) out.push('');
    for (let i = 0; i < line.length; i += columns) out.push(line.slice(i, i + columns));
  }
  return out;
}

/** One screenshot of `lines` (the text as it should be read) in `theme`, as PNG bytes. */
export function renderScreenshot(lines, themeName) {
  const t = THEMES[themeName];
  const charWidth = t.size * 0.602;
  const columns = Math.floor((t.width - 2 * t.pad) / charWidth);
  const shown = layout(lines, columns);
  const lh = Math.round(t.size * 1.35);
  const top = t.title ? 34 : 0;
  const height = top + 2 * t.pad + shown.length * lh;
  const isError = (l) => /error|exception|traceback|killed|fault|failed|abort/i.test(l);
  const text = shown
    .map((l, i) => {
      const fill = t.error && isError(l) ? t.error : t.fg;
      return `<text x="${t.pad}" y="${top + t.pad + (i + 1) * lh - lh * 0.25}" fill="${fill}" xml:space="preserve">${esc(l)}</text>`;
    })
    .join('\n');
  const chrome = t.title
    ? `<rect width="100%" height="${top}" fill="#ffffff"/><text x="12" y="22" font-family="DejaVu Sans" font-size="13" fill="#000">${esc(t.title)}</text>`
    : '';
  const cell = t.cell
    ? `<rect x="${t.pad / 2}" y="${top + t.pad / 2}" width="${t.width - t.pad}" height="${height - top - t.pad}" fill="${t.cell}"/>`
    : '';
  let body = `<rect width="100%" height="100%" fill="${t.bg}"/>${chrome}${cell}<g font-family="${MONO}" font-size="${t.size}">${text}</g>`;
  if (t.photo) {
    // A monitor photographed by hand: tilted, a little out of focus, lit unevenly.
    body = `<defs><filter id="soft"><feGaussianBlur stdDeviation="0.7"/></filter>
      <radialGradient id="light" cx="30%" cy="20%" r="90%"><stop offset="0" stop-color="#fff" stop-opacity="0.10"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>
      <rect width="100%" height="100%" fill="#151515"/>
      <g transform="rotate(-1.6 ${t.width / 2} ${height / 2}) translate(20 10)" filter="url(#soft)">${body}</g>
      <rect width="100%" height="100%" fill="url(#light)"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${t.width}" height="${height + (t.photo ? 30 : 0)}">${body}</svg>`;
  return new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: FONTS, defaultFontFamily: MONO, monospaceFamily: MONO },
  })
    .render()
    .asPng();
}

/** The last `n` lines of a fixture as the user would see them: headers and match markers removed. */
export function fixtureTail(path, n = 30) {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('#crashbot:'))
    .map((l) => l.replace(/\s*#=MATCH=#\s*$/, '').trimEnd());
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines.slice(-n);
}

/** The fixtures that expect a cause, one per cause, each paired with a theme in turn. */
export function screenshotCases() {
  const dir = join(ROOT, 'test', 'fixtures', 'logs');
  const themes = Object.keys(THEMES);
  const cases = [];
  for (const cause of readdirSync(dir).sort()) {
    const files = readdirSync(join(dir, cause))
      .filter((f) => f.endsWith('.log'))
      .sort();
    const file = files.find((f) =>
      readFileSync(join(dir, cause, f), 'utf8').includes(`#crashbot: expect ${cause}`),
    );
    if (!file) continue;
    cases.push({ cause, file: join(dir, cause, file), theme: themes[cases.length % themes.length] });
  }
  return cases;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ?? join(ROOT, 'bench', 'out', 'screenshots');
  mkdirSync(out, { recursive: true });
  const index = [];
  for (const c of screenshotCases()) {
    const name = `${c.cause}--${c.theme}.png`;
    writeFileSync(join(out, name), renderScreenshot(fixtureTail(c.file), c.theme));
    index.push({ name, ...c, file: c.file.slice(ROOT.length + 1) });
  }
  writeFileSync(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  console.log(`${index.length} screenshots in ${out}`);
}
