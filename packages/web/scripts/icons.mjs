#!/usr/bin/env node
// Draws the app's icons (public/icons/*.png, committed) from the brand mark of public/favicon.svg:
// the navy square with the yellow band and a white «Є». Run again only when the mark changes:
//   node packages/web/scripts/icons.mjs
// Rendered by Debian's Chromium through playwright-core (the e2e tests' browser), so no image
// library joins the build.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const NAVY = '#1d3c6e';
const YELLOW = '#f0c04a';
const FONT = 'font-family="DejaVu Sans,system-ui,sans-serif" font-weight="700" text-anchor="middle"';

/** The mark in a 32-unit box; `scale` < 1 leaves a margin (a maskable icon's safe zone). */
function mark({ rounded, scale }) {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${NAVY}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M6 21h20v5H6z" fill="${YELLOW}"/>
    <text x="16" y="18.2" ${FONT} font-size="16" fill="#fff">Є</text>
  </g>
</svg>`;
}

/** The small monochrome mark Android shows in the status bar: only its alpha counts. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <text x="16" y="25" ${FONT} font-size="26" fill="#fff">Є</text>
</svg>`;

const icons = [
  ['icon-192.png', 192, mark({ rounded: true, scale: 1 })],
  ['icon-512.png', 512, mark({ rounded: true, scale: 1 })],
  // Maskable: the background fills the square; the mark stays inside the central 80 % circle.
  ['icon-maskable-512.png', 512, mark({ rounded: false, scale: 0.62 })],
  ['badge-96.png', 96, badge],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const [name, size, svg] of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    writeFileSync(path.join(out, name), await page.screenshot({ omitBackground: true, type: 'png' }));
    console.log(`${name} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
