/**
 * Generated product artwork: a flat, friendly SVG illustration of a bag, rendered to
 * PNG with sharp. No text, no fonts, no external references, no network.
 *
 * Every bag is drawn in its own 1000 × 1000 frame (ground line near y = 850) so
 * several bags can be composed into one scene (see `sceneSvg`, used for the hero).
 */
import sharp from 'sharp';
import type { BagArt } from './catalog.ts';

export type { BagArt } from './catalog.ts';

export interface SvgSize {
  width?: number;
  height?: number;
}

/** One bag placed in a scene: its 1000 × 1000 frame is scaled and moved. */
export interface ScenePlacement {
  art: BagArt;
  /** Where the frame's top-left corner goes, in scene units (the scene is 1000 × 1000). */
  x?: number;
  y?: number;
  /** Frame scale; 1 fills the scene. */
  scale?: number;
  /** Which picture of the bag (default: the front). */
  view?: BagView;
}

export interface SceneOptions extends SvgSize {
  /** Soft gradient backdrop; false keeps the background transparent. */
  background?: boolean;
  /** Colours for the backdrop (defaults to the first bag's colours). */
  tint?: { from: string; to: string };
}

// ---------------------------------------------------------------------------------
// colour helpers

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m || m[1] === undefined) throw new Error(`Not a hex colour: ${hex}`);
  let h = m[1];
  if (h.length === 3) h = h.replace(/./g, (ch) => ch + ch);
  const n = Number.parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number): string =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours; t = 0 → a, t = 1 → b. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** t > 0 lightens towards white, t < 0 darkens towards black. */
function shade(hex: string, t: number): string {
  return t >= 0 ? mix(hex, '#ffffff', t) : mix(hex, '#000000', -t);
}

/** Relative luminance, 0 (black) … 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// ---------------------------------------------------------------------------------
// drawing

interface Palette {
  body: string;
  light: string;
  dark: string;
  deep: string;
  /** Outline / seam colour. */
  line: string;
  accent: string;
  accentDark: string;
  /** Webbing and handle colour: dark, but tinted by the body. */
  trim: string;
  metal: string;
  metalDark: string;
}

function palette(art: BagArt): Palette {
  const veryDark = luminance(art.body) < 0.04;
  return {
    body: art.body,
    light: shade(art.body, 0.16),
    dark: shade(art.body, -0.16),
    deep: shade(art.body, -0.32),
    line: veryDark ? shade(art.body, 0.22) : shade(art.body, -0.3),
    accent: art.accent,
    accentDark: shade(art.accent, -0.25),
    trim: veryDark ? shade(art.body, 0.12) : mix(shade(art.body, -0.55), '#1c1c1c', 0.5),
    metal: '#c9ced6',
    metalDark: '#8a929c',
  };
}

interface Drawing {
  defs: string;
  /** Drawn before the shadow-casting body (behind it). */
  back: string;
  /** The bag itself. */
  front: string;
  /** Shadow ellipse geometry on the ground. */
  shadow: { cx: number; cy: number; rx: number; ry: number };
}

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

function roundRect(x: number, y: number, w: number, h: number, r: number, attrs: string): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(r)}" ${attrs}/>`;
}

/** Body gradient (left lit, right in shade) and the optional pattern overlay. */
function commonDefs(p: string, art: BagArt, pal: Palette, horizontal: boolean): string {
  const grad = `<linearGradient id="${p}-body" x1="0" y1="0" x2="1" y2="${horizontal ? 1 : 0.15}">
    <stop offset="0" stop-color="${pal.light}"/><stop offset="0.5" stop-color="${pal.body}"/><stop offset="1" stop-color="${pal.dark}"/>
  </linearGradient>
  <linearGradient id="${p}-gloss" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="${p}-metal" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${pal.metalDark}"/><stop offset="0.45" stop-color="#eef1f5"/><stop offset="1" stop-color="${pal.metalDark}"/>
  </linearGradient>
  <filter id="${p}-blur" x="-30%" y="-300%" width="160%" height="700%"><feGaussianBlur stdDeviation="14"/></filter>`;
  const accentOnBody = luminance(art.accent) > 0.8 && luminance(art.body) > 0.5 ? pal.line : art.accent;
  let pattern = '';
  if (art.pattern === 'stripes') {
    pattern = horizontal
      ? `<pattern id="${p}-pat" patternUnits="userSpaceOnUse" width="1000" height="64">
          <rect x="0" y="0" width="1000" height="16" fill="${accentOnBody}" fill-opacity="0.32"/></pattern>`
      : `<pattern id="${p}-pat" patternUnits="userSpaceOnUse" width="64" height="1000">
          <rect x="0" y="0" width="16" height="1000" fill="${accentOnBody}" fill-opacity="0.32"/></pattern>`;
  } else if (art.pattern === 'dots') {
    pattern = `<pattern id="${p}-pat" patternUnits="userSpaceOnUse" width="56" height="56">
        <circle cx="14" cy="14" r="7" fill="${accentOnBody}" fill-opacity="0.45"/>
        <circle cx="42" cy="42" r="7" fill="${accentOnBody}" fill-opacity="0.45"/></pattern>`;
  }
  return grad + pattern;
}

/** The body shape filled with the pattern, or nothing for plain bags. */
function overlays(p: string, art: BagArt, shape: string): string {
  const pat = art.pattern === 'stripes' || art.pattern === 'dots' ? shape.replace('FILL', `url(#${p}-pat)`) : '';
  return pat;
}

function zipLine(d: string, pal: Palette, width = 10): string {
  return `<path d="${d}" fill="none" stroke="${pal.deep}" stroke-width="${width + 6}" stroke-linecap="round"/>
  <path d="${d}" fill="none" stroke="${pal.metal}" stroke-width="${width - 2}" stroke-dasharray="3 5" stroke-linecap="butt"/>`;
}

function zipPull(x: number, y: number, pal: Palette, angle = 0): string {
  return `<g transform="translate(${num(x)} ${num(y)}) rotate(${angle})">
    <circle cx="0" cy="0" r="9" fill="${pal.metalDark}"/>
    ${roundRect(-9, 4, 18, 46, 9, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="3"`)}
    <circle cx="0" cy="38" r="4" fill="${pal.accentDark}"/>
  </g>`;
}

function trolley(p: string, art: BagArt, pal: Palette, cabin: boolean): Drawing {
  const w = cabin ? 330 : 400;
  const h = cabin ? 450 : 520;
  const x = 500 - w / 2;
  const bottom = cabin ? 800 : 810;
  const y = bottom - h;
  const r = 46;
  const rodL = x + w * 0.3;
  const rodR = x + w * 0.7;
  const gripY = cabin ? y - 230 : y - 190;

  const back = `
  <!-- telescopic handle -->
  ${roundRect(rodL - 13, gripY + 30, 26, y - gripY, 6, `fill="url(#${p}-metal)"`)}
  ${roundRect(rodR - 13, gripY + 30, 26, y - gripY, 6, `fill="url(#${p}-metal)"`)}
  ${roundRect(rodL - 17, y - 90, 34, 110, 6, `fill="url(#${p}-metal)"`)}
  ${roundRect(rodR - 17, y - 90, 34, 110, 6, `fill="url(#${p}-metal)"`)}
  ${roundRect(rodL - 34, gripY, rodR - rodL + 68, 50, 25, `fill="${pal.trim}"`)}
  ${roundRect(rodL - 6, gripY + 8, rodR - rodL + 12, 14, 7, `fill="#ffffff" fill-opacity="0.18"`)}
  <!-- rear wheels -->
  <circle cx="${x + 70}" cy="${bottom + 30}" r="24" fill="#3a3f47"/>
  <circle cx="${x + w - 70}" cy="${bottom + 30}" r="24" fill="#3a3f47"/>`;

  const shape = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="FILL"/>`;

  // hardshell ribs: vertical for check-in, horizontal for cabin
  let ribs = '';
  if (cabin) {
    for (const fy of [0.3, 0.62]) {
      const ry = y + h * fy;
      ribs += roundRect(x + 34, ry, w - 68, 22, 11, `fill="${pal.dark}" fill-opacity="0.7"`);
      ribs += roundRect(x + 34, ry + 4, w - 68, 8, 4, `fill="#ffffff" fill-opacity="0.22"`);
    }
  } else {
    for (const fx of [0.22, 0.4, 0.6, 0.78]) {
      const rx = x + w * fx - 11;
      ribs += roundRect(rx, y + 60, 22, h - 120, 11, `fill="${pal.dark}" fill-opacity="0.7"`);
      ribs += roundRect(rx + 3, y + 60, 7, h - 120, 3.5, `fill="#ffffff" fill-opacity="0.22"`);
    }
  }

  const corner = (cx: number, cy: number, sx: number, sy: number): string =>
    `<path d="M ${cx} ${cy + sy * 70} L ${cx} ${cy + sy * r} Q ${cx} ${cy} ${cx + sx * r} ${cy} L ${cx + sx * 70} ${cy}
      L ${cx + sx * 70} ${cy + sy * 14} L ${cx + sx * (r + 4)} ${cy + sy * 14} Q ${cx + sx * 14} ${cy + sy * 14} ${cx + sx * 14} ${cy + sy * (r + 4)}
      L ${cx + sx * 14} ${cy + sy * 70} Z" fill="${pal.accent}"/>`;

  const inset = 16;
  const seam = `M ${x + inset + 30} ${y + inset} H ${x + w - inset - 30} Q ${x + w - inset} ${y + inset} ${x + w - inset} ${y + inset + 30}
    V ${bottom - inset - 30} Q ${x + w - inset} ${bottom - inset} ${x + w - inset - 30} ${bottom - inset}
    H ${x + inset + 30} Q ${x + inset} ${bottom - inset} ${x + inset} ${bottom - inset - 30} V ${y + inset + 30} Q ${x + inset} ${y + inset} ${x + inset + 30} ${y + inset} Z`;

  const tagX = x + w - 70;
  const front = `
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <path d="${seam}" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.75"/>
  ${ribs}
  ${roundRect(x + 30, y + 30, w * 0.18, h - 60, 20, `fill="url(#${p}-gloss)"`)}
  ${corner(x, y, 1, 1)}${corner(x + w, y, -1, 1)}${corner(x, bottom, 1, -1)}${corner(x + w, bottom, -1, -1)}
  <!-- top carry handle -->
  ${roundRect(500 - 70, y - 26, 140, 34, 14, `fill="${pal.trim}"`)}
  ${roundRect(500 - 46, y - 16, 92, 14, 7, `fill="${pal.body}"`)}
  ${roundRect(500 - 90, y - 6, 30, 16, 6, `fill="${pal.deep}"`)}
  ${roundRect(500 + 60, y - 6, 30, 16, 6, `fill="${pal.deep}"`)}
  <!-- combination lock -->
  ${roundRect(500 - 36, y + 34, 72, 30, 10, `fill="${pal.deep}"`)}
  <circle cx="${500 - 14}" cy="${y + 49}" r="6" fill="${pal.metal}"/><circle cx="${500 + 4}" cy="${y + 49}" r="6" fill="${pal.metal}"/><circle cx="${500 + 22}" cy="${y + 49}" r="6" fill="${pal.metal}"/>
  <!-- luggage tag -->
  <path d="M ${500 + 70} ${y - 4} C ${tagX + 10} ${y + 10} ${tagX} ${y + 20} ${tagX} ${y + 40}" fill="none" stroke="${pal.accentDark}" stroke-width="5"/>
  <g transform="rotate(8 ${tagX} ${y + 40})">
    ${roundRect(tagX - 30, y + 36, 60, 92, 12, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="4"`)}
    <circle cx="${tagX}" cy="${y + 52}" r="6" fill="${pal.accentDark}"/>
    ${roundRect(tagX - 18, y + 72, 36, 40, 6, `fill="#ffffff" fill-opacity="0.55"`)}
  </g>
  <!-- front spinner wheels -->
  ${[x + 42, x + w - 42]
    .map(
      (wx) => `${roundRect(wx - 30, bottom - 12, 60, 30, 10, `fill="${pal.trim}"`)}
    <circle cx="${wx}" cy="${bottom + 36}" r="28" fill="#2b2f36"/>
    <circle cx="${wx}" cy="${bottom + 36}" r="11" fill="${pal.metal}"/>`,
    )
    .join('')}`;

  return {
    defs: commonDefs(p, art, pal, false),
    back,
    front,
    shadow: { cx: 500, cy: bottom + 62, rx: w * 0.62, ry: 26 },
  };
}

function backpack(p: string, art: BagArt, pal: Palette): Drawing {
  const x = 315;
  const w = 370;
  const y = 240;
  const bottom = 830;
  const body = `M ${x} ${y + 170} C ${x} ${y + 40} ${x + w * 0.22} ${y} 500 ${y} C ${x + w * 0.78} ${y} ${x + w} ${y + 40} ${x + w} ${y + 170}
    L ${x + w} ${bottom - 60} Q ${x + w} ${bottom} ${x + w - 60} ${bottom} L ${x + 60} ${bottom} Q ${x} ${bottom} ${x} ${bottom - 60} Z`;
  const shape = `<path d="${body}" fill="FILL"/>`;

  const back = `
  <!-- shoulder straps peeking out behind -->
  <path d="M ${x + 70} ${y + 60} C ${x - 20} ${y + 150} ${x - 40} ${y + 380} ${x + 10} ${bottom - 90}" fill="none" stroke="${pal.trim}" stroke-width="40" stroke-linecap="round"/>
  <path d="M ${x + w - 70} ${y + 60} C ${x + w + 20} ${y + 150} ${x + w + 40} ${y + 380} ${x + w - 10} ${bottom - 90}" fill="none" stroke="${pal.trim}" stroke-width="40" stroke-linecap="round"/>
  <!-- top grab handle -->
  <path d="M 455 ${y + 20} C 455 ${y - 70} 545 ${y - 70} 545 ${y + 20}" fill="none" stroke="${pal.trim}" stroke-width="20" stroke-linecap="round"/>
  <!-- side mesh pockets -->
  <path d="M ${x + 20} ${bottom - 250} C ${x - 50} ${bottom - 240} ${x - 50} ${bottom - 20} ${x + 30} ${bottom - 10} Z" fill="${pal.accentDark}"/>
  <path d="M ${x + w - 20} ${bottom - 250} C ${x + w + 50} ${bottom - 240} ${x + w + 50} ${bottom - 20} ${x + w - 30} ${bottom - 10} Z" fill="${pal.accentDark}"/>`;

  const zip = `M ${x + 36} ${y + 250} C ${x + 36} ${y + 100} ${x + w * 0.25} ${y + 44} 500 ${y + 44} C ${x + w * 0.75} ${y + 44} ${x + w - 36} ${y + 100} ${x + w - 36} ${y + 250}`;
  const py = bottom - 290;
  const pocket = `M ${x + 55} ${py + 40} Q ${x + 55} ${py} ${x + 95} ${py} L ${x + w - 95} ${py} Q ${x + w - 55} ${py} ${x + w - 55} ${py + 40}
    L ${x + w - 55} ${bottom - 70} Q ${x + w - 55} ${bottom - 30} ${x + w - 95} ${bottom - 30} L ${x + 95} ${bottom - 30} Q ${x + 55} ${bottom - 30} ${x + 55} ${bottom - 70} Z`;

  const lashTab = (lx: number): string =>
    `<path d="M ${lx} ${y + 150} l 22 34 l -22 34 l -22 -34 Z" fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="4"/>
     <path d="M ${lx - 7} ${y + 184} h 14" stroke="${pal.accentDark}" stroke-width="5" stroke-linecap="round"/>`;

  const front = `
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <path d="${body}" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.6"/>
  <path d="M ${x + 40} ${y + 170} C ${x + 40} ${y + 80} ${x + 90} ${y + 40} ${x + 150} ${y + 30}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="14" stroke-linecap="round"/>
  ${zipLine(zip, pal)}
  ${zipPull(x + w - 36, y + 252, pal, -10)}
  ${lashTab(430)}${lashTab(570)}
  <!-- front pocket -->
  <path d="${pocket}" fill="${pal.dark}" stroke="${pal.line}" stroke-width="5"/>
  ${overlays(p, art, `<path d="${pocket}" fill="FILL"/>`)}
  <path d="${pocket}" fill="none" stroke="${pal.accent}" stroke-width="8" stroke-opacity="0.9"/>
  ${zipLine(`M ${x + 95} ${py + 40} H ${x + w - 95}`, pal, 9)}
  ${zipPull(x + w - 100, py + 42, pal, 0)}
  ${roundRect(500 - 42, py + 90, 84, 52, 14, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="4"`)}
  <path d="M ${500 - 20} ${py + 124} l 20 -18 l 20 18" fill="none" stroke="${pal.accentDark}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  <!-- bottom panel -->
  <path d="M ${x} ${bottom - 60} Q ${x} ${bottom} ${x + 60} ${bottom} L ${x + w - 60} ${bottom} Q ${x + w} ${bottom} ${x + w} ${bottom - 60} L ${x + w} ${bottom - 34} L ${x} ${bottom - 34} Z" fill="${pal.trim}" fill-opacity="0.85"/>`;

  return {
    defs: commonDefs(p, art, pal, false),
    back,
    front,
    shadow: { cx: 500, cy: bottom + 12, rx: w * 0.66, ry: 26 },
  };
}

function daypack(p: string, art: BagArt, pal: Palette): Drawing {
  const x = 345;
  const w = 310;
  const y = 250;
  const bottom = 830;
  const rr = w / 2;
  const body = `M ${x} ${y + rr} A ${rr} ${rr} 0 0 1 ${x + w} ${y + rr} L ${x + w} ${bottom - 70} Q ${x + w} ${bottom} ${x + w - 70} ${bottom}
    L ${x + 70} ${bottom} Q ${x} ${bottom} ${x} ${bottom - 70} Z`;
  const shape = `<path d="${body}" fill="FILL"/>`;

  const back = `
  <path d="M ${x + 60} ${y + 70} C ${x - 40} ${y + 170} ${x - 50} ${y + 380} ${x + 8} ${bottom - 100}" fill="none" stroke="${pal.trim}" stroke-width="38" stroke-linecap="round"/>
  <path d="M ${x + w - 60} ${y + 70} C ${x + w + 40} ${y + 170} ${x + w + 50} ${y + 380} ${x + w - 8} ${bottom - 100}" fill="none" stroke="${pal.trim}" stroke-width="38" stroke-linecap="round"/>
  <path d="M 462 ${y + 16} C 462 ${y - 56} 538 ${y - 56} 538 ${y + 16}" fill="none" stroke="${pal.trim}" stroke-width="16" stroke-linecap="round"/>`;

  const zip = `M ${x + 30} ${y + rr + 60} A ${rr - 30} ${rr - 30} 0 0 1 ${x + w - 30} ${y + rr + 60}`;
  const py = y + 330;
  const pr = 110;
  const pocket = `M ${500 - pr} ${py} H ${500 + pr} V ${bottom - 140} A ${pr} ${pr * 0.75} 0 0 1 ${500 - pr} ${bottom - 140} Z`;

  const webbing = (wx: number): string => `
    ${roundRect(wx - 14, y + 120, 28, bottom - y - 150, 6, `fill="${pal.accent}"`)}
    ${roundRect(wx - 22, y + 300, 44, 50, 8, `fill="${pal.trim}"`)}
    ${roundRect(wx - 12, y + 310, 24, 30, 4, `fill="${pal.accentDark}"`)}`;

  const front = `
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <path d="${body}" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.6"/>
  <path d="M ${x + 34} ${y + rr} A ${rr - 34} ${rr - 34} 0 0 1 ${x + 120} ${y + 44}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="14" stroke-linecap="round"/>
  ${zipLine(zip, pal)}
  ${zipPull(500 + (rr - 30) * Math.sin(Math.PI / 4.5), y + rr + 60 - (rr - 30) * Math.cos(Math.PI / 4.5), pal, -40)}
  <path d="${pocket}" fill="${mix(pal.dark, pal.accent, 0.12)}" stroke="${pal.line}" stroke-width="5"/>
  ${overlays(p, art, `<path d="${pocket}" fill="FILL"/>`)}
  ${zipLine(`M ${500 - pr + 20} ${py + 26} H ${500 + pr - 20}`, pal, 8)}
  ${zipPull(500 - pr + 26, py + 28, pal, 0)}
  ${webbing(x + 42)}${webbing(x + w - 42)}
  <path d="M ${x} ${bottom - 70} Q ${x} ${bottom} ${x + 70} ${bottom} L ${x + w - 70} ${bottom} Q ${x + w} ${bottom} ${x + w} ${bottom - 70} L ${x + w} ${bottom - 40} L ${x} ${bottom - 40} Z" fill="${pal.trim}" fill-opacity="0.85"/>`;

  return {
    defs: commonDefs(p, art, pal, false),
    back,
    front,
    shadow: { cx: 500, cy: bottom + 12, rx: w * 0.7, ry: 24 },
  };
}

function duffle(p: string, art: BagArt, pal: Palette): Drawing {
  const x = 160;
  const w = 680;
  const y = 440;
  const h = 340;
  const bottom = y + h;
  const r = 150;
  const shape = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="FILL"/>`;

  const back = `
  <!-- shoulder strap -->
  <path d="M ${x + 70} ${y + 90} C ${x + 140} ${y - 290} ${x + w - 140} ${y - 290} ${x + w - 70} ${y + 90}" fill="none" stroke="${pal.trim}" stroke-width="22" stroke-linecap="round"/>
  ${roundRect(500 - 70, y - 218, 140, 34, 14, `fill="${pal.deep}"`)}
  <!-- carry handles -->
  <path d="M 390 ${y + 20} C 390 ${y - 140} 610 ${y - 140} 610 ${y + 20}" fill="none" stroke="${pal.trim}" stroke-width="26" stroke-linecap="round"/>
  <!-- end handles -->
  <path d="M ${x + 8} ${y + 120} C ${x - 60} ${y + 120} ${x - 60} ${y + 220} ${x + 8} ${y + 220}" fill="none" stroke="${pal.trim}" stroke-width="18"/>
  <path d="M ${x + w - 8} ${y + 120} C ${x + w + 60} ${y + 120} ${x + w + 60} ${y + 220} ${x + w - 8} ${y + 220}" fill="none" stroke="${pal.trim}" stroke-width="18"/>`;

  const capW = 110;
  const front = `
  <clipPath id="${p}-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}"/></clipPath>
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <g clip-path="url(#${p}-clip)">
    <rect x="${x}" y="${y}" width="${capW}" height="${h}" fill="${pal.accent}"/>
    <rect x="${x + w - capW}" y="${y}" width="${capW}" height="${h}" fill="${pal.accentDark}"/>
    <rect x="${x}" y="${bottom - 46}" width="${w}" height="46" fill="${pal.trim}" fill-opacity="0.85"/>
    <rect x="${x + capW}" y="${y + 20}" width="${w - 2 * capW}" height="70" fill="url(#${p}-gloss)"/>
  </g>
  <path d="M ${x + capW} ${y + 6} V ${bottom - 6} M ${x + w - capW} ${y + 6} V ${bottom - 6}" stroke="${pal.line}" stroke-width="6" stroke-dasharray="14 8"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.6"/>
  ${zipLine(`M ${x + capW + 20} ${y + 52} Q 500 ${y + 34} ${x + w - capW - 20} ${y + 52}`, pal, 11)}
  ${zipPull(x + w - capW - 24, y + 54, pal, -8)}
  ${zipPull(x + w - capW - 56, y + 50, pal, 6)}
  <!-- front pocket -->
  ${roundRect(340, y + 130, 320, 150, 34, `fill="${pal.dark}" stroke="${pal.line}" stroke-width="5"`)}
  ${zipLine(`M 370 ${y + 162} H 630`, pal, 8)}
  ${zipPull(372, y + 164, pal, 0)}
  <!-- webbing running under the bag up into the handles -->
  ${roundRect(375, y + 8, 30, h - 16, 6, `fill="${pal.trim}"`)}
  ${roundRect(595, y + 8, 30, h - 16, 6, `fill="${pal.trim}"`)}
  <path d="M 381 ${y + 26} h 18 M 601 ${y + 26} h 18" stroke="${pal.accent}" stroke-width="5"/>
  <!-- handle grip -->
  ${roundRect(450, y - 138, 100, 46, 20, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="4"`)}
  <path d="M 470 ${y - 128} v 26 M 490 ${y - 128} v 26 M 510 ${y - 128} v 26 M 530 ${y - 128} v 26" stroke="${pal.accentDark}" stroke-width="4" stroke-linecap="round"/>
  <!-- strap clips -->
  ${roundRect(x + 52, y + 74, 36, 40, 8, `fill="${pal.metal}" stroke="${pal.metalDark}" stroke-width="4"`)}
  ${roundRect(x + w - 88, y + 74, 36, 40, 8, `fill="${pal.metal}" stroke="${pal.metalDark}" stroke-width="4"`)}`;

  return {
    defs: commonDefs(p, art, pal, true),
    back,
    front,
    shadow: { cx: 500, cy: bottom + 10, rx: w * 0.55, ry: 28 },
  };
}

function holdall(p: string, art: BagArt, pal: Palette): Drawing {
  const top = 450;
  const bottom = 800;
  const body = `M 268 ${top} L 732 ${top} Q 762 ${top} 768 ${top + 30} L 818 ${bottom - 36} Q 824 ${bottom} 788 ${bottom}
    L 212 ${bottom} Q 176 ${bottom} 182 ${bottom - 36} L 232 ${top + 30} Q 238 ${top} 268 ${top} Z`;
  const shape = `<path d="${body}" fill="FILL"/>`;

  const handle = (dy: number, color: string, width: number): string =>
    `<path d="M 385 ${top + 10 + dy} C 385 ${top - 200 + dy} 615 ${top - 200 + dy} 615 ${top + 10 + dy}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;

  const back = `${handle(-8, pal.deep, 30)}`;

  const tab = (tx: number): string => `
    <path d="M ${tx - 30} ${top + 8} L ${tx + 30} ${top + 8} L ${tx + 24} ${top + 80} Q ${tx} ${top + 100} ${tx - 24} ${top + 80} Z" fill="${pal.trim}"/>
    <circle cx="${tx}" cy="${top + 60}" r="8" fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="3"/>`;

  const strap = (sx: number): string => `
    ${roundRect(sx - 20, top + 60, 40, bottom - top - 60, 6, `fill="${pal.trim}" fill-opacity="0.9"`)}
    ${roundRect(sx - 28, top + 170, 56, 46, 8, `fill="none" stroke="${pal.accent}" stroke-width="8"`)}
    <path d="M ${sx} ${top + 170} v 46" stroke="${pal.accent}" stroke-width="6"/>`;

  const front = `
  <clipPath id="${p}-clip"><path d="${body}"/></clipPath>
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <g clip-path="url(#${p}-clip)">
    <rect x="150" y="${bottom - 60}" width="700" height="60" fill="${pal.deep}"/>
    <rect x="150" y="${bottom - 64}" width="700" height="6" fill="${pal.accent}" fill-opacity="0.8"/>
    <path d="M 250 ${top + 20} L 330 ${top + 20} L 290 ${bottom - 80} L 214 ${bottom - 80} Z" fill="#ffffff" fill-opacity="0.1"/>
  </g>
  <path d="${body}" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.6"/>
  <!-- top frame with zip -->
  ${roundRect(236, top - 22, 528, 52, 24, `fill="${pal.dark}" stroke="${pal.line}" stroke-width="5"`)}
  ${zipLine(`M 270 ${top + 4} H 730`, pal, 10)}
  ${zipPull(286, top + 6, pal, 0)}
  ${strap(330)}${strap(670)}
  ${tab(385)}${tab(615)}
  ${handle(0, pal.trim, 30)}
  <path d="M 400 ${top - 40} C 410 ${top - 130} 470 ${top - 148} 520 ${top - 146}" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="8" stroke-linecap="round"/>
  <!-- clasp -->
  ${roundRect(470, top + 70, 60, 70, 12, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="4"`)}
  <circle cx="500" cy="${top + 112}" r="9" fill="${pal.accentDark}"/>
  <!-- feet -->
  ${[240, 400, 600, 760].map((fx) => `<ellipse cx="${fx}" cy="${bottom + 6}" rx="18" ry="9" fill="${pal.accentDark}"/>`).join('')}`;

  return {
    defs: commonDefs(p, art, pal, true),
    back,
    front,
    shadow: { cx: 500, cy: bottom + 14, rx: 340, ry: 26 },
  };
}

// ---------------------------------------------------------------------------------
// more views of the same bag: from the side, and opened to show the inside

/** Which picture of a bag: the catalogue's front view, a side view, or opened up. */
export type BagView = 'front' | 'side' | 'open';
export const BAG_VIEWS: readonly BagView[] = ['front', 'side', 'open'];

type Family = 'case' | 'pack' | 'duffle';
const familyOf = (kind: BagArt['kind']): Family =>
  kind === 'trolley' || kind === 'cabin' ? 'case' : kind === 'backpack' || kind === 'daypack' ? 'pack' : 'duffle';

/** The lining colour seen inside an open bag. */
const lining = (pal: Palette) => mix(pal.accent, '#ffffff', 0.62);

function caseSide(p: string, art: BagArt, pal: Palette): Drawing {
  const cabin = art.kind === 'cabin';
  const d = cabin ? 210 : 270;
  const h = cabin ? 450 : 520;
  const x = 500 - d / 2 + 40;
  const bottom = cabin ? 800 : 810;
  const y = bottom - h;
  const gripY = y - (cabin ? 220 : 180);
  const shape = `<rect x="${x}" y="${y}" width="${d}" height="${h}" rx="40" fill="FILL"/>`;
  const back = `
  ${roundRect(x - 22, gripY + 30, 24, y - gripY + 60, 6, `fill="url(#${p}-metal)"`)}
  ${roundRect(x - 40, gripY, 64, 44, 20, `fill="${pal.trim}"`)}
  <circle cx="${x + 38}" cy="${bottom + 32}" r="26" fill="#2b2f36"/>`;
  const front = `
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <rect x="${x}" y="${y}" width="${d}" height="${h}" rx="40" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.7"/>
  <!-- expansion zip around the middle -->
  ${roundRect(x + d / 2 - 16, y + 10, 32, h - 20, 10, `fill="${pal.dark}"`)}
  ${zipLine(`M ${x + d / 2} ${y + 24} V ${bottom - 24}`, pal, 9)}
  ${zipPull(x + d / 2, y + h * 0.22, pal, 0)}
  <!-- side carry handle -->
  ${roundRect(x + d * 0.2, y + h * 0.38, d * 0.6, 36, 16, `fill="${pal.trim}"`)}
  ${roundRect(x + d * 0.2 - 8, y + h * 0.38 + 6, 22, 24, 6, `fill="${pal.deep}"`)}
  ${roundRect(x + d * 0.8 - 14, y + h * 0.38 + 6, 22, 24, 6, `fill="${pal.deep}"`)}
  ${roundRect(x + 18, y + 28, 26, h - 56, 13, `fill="url(#${p}-gloss)"`)}
  <!-- corner guards and feet -->
  ${roundRect(x - 4, bottom - 70, 60, 70, 24, `fill="${pal.accent}"`)}
  ${roundRect(x + d - 56, bottom - 70, 60, 70, 24, `fill="${pal.accent}"`)}
  ${roundRect(x + d * 0.5 - 30, bottom - 8, 60, 18, 6, `fill="${pal.trim}"`)}
  <circle cx="${x + d - 36}" cy="${bottom + 34}" r="28" fill="#2b2f36"/>
  <circle cx="${x + d - 36}" cy="${bottom + 34}" r="11" fill="${pal.metal}"/>`;
  return { defs: commonDefs(p, art, pal, false), back, front, shadow: { cx: x + d / 2, cy: bottom + 62, rx: d * 0.85, ry: 24 } };
}

function caseOpen(p: string, art: BagArt, pal: Palette): Drawing {
  const top = 300;
  const bottom = 760;
  const half = (x: number, w: number, inner: string) => `
    ${roundRect(x, top, w, bottom - top, 44, `fill="url(#${p}-body)"`)}
    ${roundRect(x + 26, top + 26, w - 52, bottom - top - 52, 26, `fill="${lining(pal)}"`)}
    ${roundRect(x + 26, top + 26, w - 52, bottom - top - 52, 26, `fill="none" stroke="${pal.line}" stroke-width="4" stroke-opacity="0.5"`)}
    ${inner}`;
  const lx = 130;
  const rx = 510;
  const w = 360;
  const strap = (x1: number, y1: number, x2: number, y2: number) =>
    `<path d="M ${x1} ${y1} L ${x2} ${y2}" stroke="${pal.trim}" stroke-width="30" stroke-linecap="round"/>`;
  const left = half(
    lx,
    w,
    `${strap(lx + 60, top + 70, lx + w - 60, bottom - 70)}${strap(lx + w - 60, top + 70, lx + 60, bottom - 70)}
    ${roundRect(lx + w / 2 - 34, (top + bottom) / 2 - 26, 68, 52, 10, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="4"`)}
    ${roundRect(lx + 70, bottom - 150, 110, 60, 16, `fill="${mix(pal.accent, '#ffffff', 0.3)}" fill-opacity="0.9"`)}`,
  );
  let mesh = '';
  for (let i = 0; i < 9; i += 1)
    mesh += `<path d="M ${rx + 60 + i * 28} ${top + 230} V ${bottom - 60}" stroke="${pal.line}" stroke-opacity="0.25" stroke-width="3"/>`;
  const right = half(
    rx,
    w,
    `${roundRect(rx + 40, top + 40, w - 80, bottom - top - 80, 20, `fill="${mix(lining(pal), pal.body, 0.18)}"`)}
    ${zipLine(`M ${rx + 60} ${top + 210} H ${rx + w - 60}`, pal, 9)}
    ${zipPull(rx + w - 80, top + 212, pal, 0)}
    ${mesh}
    ${roundRect(rx + 70, top + 70, 120, 90, 14, `fill="${pal.accent}" fill-opacity="0.85"`)}`,
  );
  const front = `
  ${left}${right}
  <!-- the hinge between the halves -->
  ${roundRect(488, top + 40, 24, bottom - top - 80, 8, `fill="${pal.trim}"`)}
  <!-- wheels at the outer corners -->
  ${[lx + 40, lx + w + rx - lx + w - 40 - w].map((cx) => `<circle cx="${cx}" cy="${bottom + 8}" r="22" fill="#2b2f36"/>`).join('')}`;
  return { defs: commonDefs(p, art, pal, true), back: '', front, shadow: { cx: 500, cy: bottom + 34, rx: 400, ry: 22 } };
}

function packSide(p: string, art: BagArt, pal: Palette): Drawing {
  const small = art.kind === 'daypack';
  const backX = small ? 580 : 600;
  const frontX = small ? 410 : 380;
  const top = small ? 270 : 240;
  const bottom = 830;
  const body = `M ${backX} ${top + 40} C ${backX - 40} ${top - 10} ${frontX + 40} ${top} ${frontX + 10} ${top + 160}
    C ${frontX - 20} ${top + 320} ${frontX - 10} ${bottom - 140} ${frontX + 20} ${bottom - 30} Q ${frontX + 30} ${bottom} ${frontX + 70} ${bottom}
    L ${backX - 20} ${bottom} Q ${backX} ${bottom} ${backX} ${bottom - 30} Z`;
  const shape = `<path d="${body}" fill="FILL"/>`;
  const back = `
  <!-- shoulder strap, padded, off the back panel -->
  <path d="M ${backX - 10} ${top + 70} C ${backX + 110} ${top + 120} ${backX + 100} ${top + 360} ${backX + 20} ${bottom - 110}" fill="none" stroke="${pal.trim}" stroke-width="44" stroke-linecap="round"/>
  <path d="M ${backX + 30} ${top + 150} C ${backX + 80} ${top + 230} ${backX + 70} ${top + 330} ${backX + 40} ${top + 400}" fill="none" stroke="${pal.accent}" stroke-width="8" stroke-linecap="round" stroke-opacity="0.8"/>
  <path d="M ${backX - 60} ${top + 20} C ${backX - 60} ${top - 50} ${backX - 10} ${top - 50} ${backX - 10} ${top + 30}" fill="none" stroke="${pal.trim}" stroke-width="16" stroke-linecap="round"/>`;
  const pocketTop = bottom - 250;
  const front = `
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <path d="${body}" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.6"/>
  ${roundRect(backX - 30, top + 40, 30, bottom - top - 70, 12, `fill="${pal.deep}" fill-opacity="0.8"`)}
  ${zipLine(`M ${frontX + 40} ${top + 150} C ${frontX + 20} ${top + 300} ${frontX + 20} ${bottom - 160} ${frontX + 50} ${bottom - 60}`, pal, 9)}
  ${zipPull(frontX + 42, top + 190, pal, 10)}
  <!-- compression straps -->
  ${[top + 230, top + 400].map((sy) => `${roundRect(frontX + 14, sy, backX - frontX - 40, 22, 6, `fill="${pal.trim}"`)}${roundRect(frontX + 70, sy - 8, 40, 38, 8, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="3"`)}`).join('')}
  <!-- side pocket with a water bottle -->
  ${roundRect(frontX + 60, pocketTop - 120, 90, 170, 30, `fill="${mix(pal.accent, '#ffffff', 0.2)}"`)}
  ${roundRect(frontX + 80, pocketTop - 150, 50, 36, 10, `fill="${pal.accentDark}"`)}
  <path d="M ${frontX + 30} ${pocketTop} Q ${(frontX + backX) / 2} ${pocketTop - 30} ${backX - 30} ${pocketTop} L ${backX - 30} ${bottom - 40} L ${frontX + 40} ${bottom - 40} Z" fill="${pal.accentDark}" fill-opacity="0.9"/>
  ${Array.from({ length: 6 }, (_, i) => `<path d="M ${frontX + 60 + i * 26} ${pocketTop - 10} V ${bottom - 50}" stroke="#ffffff" stroke-opacity="0.18" stroke-width="4"/>`).join('')}`;
  return { defs: commonDefs(p, art, pal, false), back, front, shadow: { cx: (frontX + backX) / 2 + 30, cy: bottom + 12, rx: 230, ry: 24 } };
}

function packOpen(p: string, art: BagArt, pal: Palette): Drawing {
  const x = 315;
  const w = 370;
  const y = 300;
  const bottom = 830;
  const body = `M ${x} ${y + 60} Q ${x} ${y} ${x + 60} ${y} L ${x + w - 60} ${y} Q ${x + w} ${y} ${x + w} ${y + 60}
    L ${x + w} ${bottom - 60} Q ${x + w} ${bottom} ${x + w - 60} ${bottom} L ${x + 60} ${bottom} Q ${x} ${bottom} ${x} ${bottom - 60} Z`;
  const shape = `<path d="${body}" fill="FILL"/>`;
  const inside = `M ${x + 30} ${y + 30} H ${x + w - 30} V ${y + 330} Q 500 ${y + 380} ${x + 30} ${y + 330} Z`;
  const back = `
  <path d="M ${x + 70} ${y + 40} C ${x - 20} ${y + 130} ${x - 40} ${y + 360} ${x + 10} ${bottom - 90}" fill="none" stroke="${pal.trim}" stroke-width="40" stroke-linecap="round"/>
  <path d="M ${x + w - 70} ${y + 40} C ${x + w + 20} ${y + 130} ${x + w + 40} ${y + 360} ${x + w - 10} ${bottom - 90}" fill="none" stroke="${pal.trim}" stroke-width="40" stroke-linecap="round"/>`;
  const front = `
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <path d="${body}" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.6"/>
  <!-- the opened main compartment -->
  <path d="${inside}" fill="${mix(pal.deep, '#000000', 0.35)}"/>
  <!-- laptop sleeve with a laptop, a notebook and pens -->
  ${roundRect(x + 50, y - 40, 200, 300, 14, `fill="#3a3f47" stroke="#23262b" stroke-width="5"`)}
  ${roundRect(x + 62, y - 28, 176, 120, 8, `fill="#6c7a89" fill-opacity="0.6"`)}
  ${roundRect(x + 40, y + 60, 230, 260, 18, `fill="${lining(pal)}"`)}
  ${roundRect(x + 250, y + 10, 70, 150, 10, `fill="${pal.accent}" stroke="${pal.accentDark}" stroke-width="4"`)}
  ${[0, 1, 2].map((i) => roundRect(x + 80 + i * 40, y + 150, 14, 120, 7, `fill="${['#e63946', '#2a9d8f', '#264653'][i]}"`)).join('')}
  ${roundRect(x + 60, y + 220, 190, 90, 12, `fill="${mix(lining(pal), pal.body, 0.25)}"`)}
  <!-- the front panel folded down, its lining showing -->
  <path d="M ${x + 10} ${y + 330} Q 500 ${y + 390} ${x + w - 10} ${y + 330} L ${x + w - 20} ${y + 470} Q 500 ${y + 520} ${x + 20} ${y + 470} Z" fill="${lining(pal)}" stroke="${pal.line}" stroke-width="5"/>
  ${zipLine(`M ${x + 20} ${y + 335} Q 500 ${y + 392} ${x + w - 20} ${y + 335}`, pal, 9)}
  ${zipPull(x + w - 40, y + 340, pal, 0)}
  <path d="M ${x} ${bottom - 60} Q ${x} ${bottom} ${x + 60} ${bottom} L ${x + w - 60} ${bottom} Q ${x + w} ${bottom} ${x + w} ${bottom - 60} L ${x + w} ${bottom - 34} L ${x} ${bottom - 34} Z" fill="${pal.trim}" fill-opacity="0.85"/>`;
  return { defs: commonDefs(p, art, pal, false), back, front, shadow: { cx: 500, cy: bottom + 12, rx: w * 0.66, ry: 26 } };
}

function duffleSide(p: string, art: BagArt, pal: Palette): Drawing {
  const holdall = art.kind === 'holdall';
  const y = 450;
  const bottom = 800;
  const end = holdall
    ? `M 400 ${y} L 600 ${y} L 660 ${bottom - 20} Q 664 ${bottom} 640 ${bottom} L 360 ${bottom} Q 336 ${bottom} 340 ${bottom - 20} Z`
    : `M 330 ${y + 170} A 170 170 0 0 1 670 ${y + 170} L 670 ${bottom - 60} Q 670 ${bottom} 610 ${bottom} L 390 ${bottom} Q 330 ${bottom} 330 ${bottom - 60} Z`;
  const shape = `<path d="${end}" fill="FILL"/>`;
  const back = `
  <path d="M 500 ${y - 10} C 420 ${y - 220} 580 ${y - 220} 500 ${y - 10}" fill="none" stroke="${pal.trim}" stroke-width="26" stroke-linecap="round"/>
  <path d="M ${holdall ? 410 : 360} ${y + 60} C 250 ${y - 180} 760 ${y - 180} ${holdall ? 590 : 640} ${y + 60}" fill="none" stroke="${pal.trim}" stroke-width="20" stroke-linecap="round"/>`;
  const front = `
  <clipPath id="${p}-clip"><path d="${end}"/></clipPath>
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <g clip-path="url(#${p}-clip)">
    <rect x="300" y="${y}" width="400" height="${bottom - y}" fill="${pal.accent}" fill-opacity="${holdall ? 0.25 : 0.85}"/>
    <rect x="300" y="${bottom - 46}" width="400" height="46" fill="${pal.trim}" fill-opacity="0.9"/>
  </g>
  <path d="${end}" fill="none" stroke="${pal.line}" stroke-width="6" stroke-opacity="0.7" stroke-dasharray="${holdall ? 'none' : '14 8'}"/>
  <!-- end handle -->
  ${roundRect(420, y + 140, 160, 44, 20, `fill="${pal.trim}"`)}
  ${roundRect(440, y + 150, 120, 14, 7, `fill="#ffffff" fill-opacity="0.2"`)}
  ${roundRect(400, y + 130, 30, 64, 8, `fill="${pal.deep}"`)}${roundRect(570, y + 130, 30, 64, 8, `fill="${pal.deep}"`)}
  <!-- a name tag -->
  ${roundRect(560, y + 220, 70, 96, 12, `fill="${pal.accentDark}" stroke="${pal.deep}" stroke-width="4"`)}
  ${roundRect(572, y + 250, 46, 50, 6, `fill="#ffffff" fill-opacity="0.6"`)}`;
  return { defs: commonDefs(p, art, pal, true), back, front, shadow: { cx: 500, cy: bottom + 12, rx: 230, ry: 24 } };
}

function duffleOpen(p: string, art: BagArt, pal: Palette): Drawing {
  const x = 150;
  const w = 700;
  const y = 330;
  const h = 400;
  const cy = y + h / 2;
  const opening = `M ${x + 110} ${cy} Q 500 ${cy - 190} ${x + w - 110} ${cy} Q 500 ${cy + 190} ${x + 110} ${cy} Z`;
  const shape = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="120" fill="FILL"/>`;
  const back = `
  <path d="M 380 ${y + 20} C 380 ${y - 120} 620 ${y - 120} 620 ${y + 20}" fill="none" stroke="${pal.trim}" stroke-width="26" stroke-linecap="round"/>
  <path d="M 380 ${y + h - 20} C 380 ${y + h + 120} 620 ${y + h + 120} 620 ${y + h - 20}" fill="none" stroke="${pal.trim}" stroke-width="26" stroke-linecap="round"/>`;
  const front = `
  ${shape.replace('FILL', `url(#${p}-body)`)}
  ${overlays(p, art, shape)}
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="120" fill="none" stroke="${pal.line}" stroke-width="5" stroke-opacity="0.6"/>
  ${roundRect(x + 10, y + 10, 90, h - 20, 80, `fill="${pal.accent}" fill-opacity="0.85"`)}
  ${roundRect(x + w - 100, y + 10, 90, h - 20, 80, `fill="${pal.accentDark}" fill-opacity="0.85"`)}
  <!-- the open top: lining, a rolled towel, a shoe pouch and a bottle -->
  <path d="${opening}" fill="${lining(pal)}" stroke="${pal.deep}" stroke-width="16"/>
  <clipPath id="${p}-open"><path d="${opening}"/></clipPath>
  <g clip-path="url(#${p}-open)">
    <rect x="${x + 100}" y="${cy - 200}" width="${w - 200}" height="60" fill="${pal.deep}" fill-opacity="0.35"/>
    ${roundRect(330, cy - 70, 190, 110, 55, `fill="${mix(pal.accent, '#ffffff', 0.35)}" stroke="${pal.accentDark}" stroke-width="4"`)}
    <path d="M 360 ${cy - 60} V ${cy + 30} M 400 ${cy - 66} V ${cy + 36} M 440 ${cy - 66} V ${cy + 36}" stroke="${pal.accentDark}" stroke-opacity="0.4" stroke-width="5"/>
    ${roundRect(540, cy - 60, 150, 120, 18, `fill="${pal.trim}"`)}
    ${roundRect(560, cy - 40, 110, 14, 7, `fill="${pal.accent}"`)}
    ${roundRect(250, cy - 20, 70, 50, 16, `fill="#4a90c2"`)}
  </g>
  ${zipLine(`M ${x + 110} ${cy} Q 500 ${cy - 190} ${x + w - 110} ${cy}`, pal, 10)}
  ${zipLine(`M ${x + 110} ${cy} Q 500 ${cy + 190} ${x + w - 110} ${cy}`, pal, 10)}
  ${zipPull(x + w - 130, cy - 12, pal, -60)}
  ${zipPull(x + w - 130, cy + 12, pal, -120)}
  ${roundRect(375, y + 8, 30, 40, 6, `fill="${pal.trim}"`)}${roundRect(595, y + 8, 30, 40, 6, `fill="${pal.trim}"`)}
  ${roundRect(375, y + h - 48, 30, 40, 6, `fill="${pal.trim}"`)}${roundRect(595, y + h - 48, 30, 40, 6, `fill="${pal.trim}"`)}`;
  return { defs: commonDefs(p, art, pal, true), back, front, shadow: { cx: 500, cy: y + h + 30, rx: 380, ry: 26 } };
}

function drawView(p: string, art: BagArt, view: Exclude<BagView, 'front'>): Drawing {
  const pal = palette(art);
  const family = familyOf(art.kind);
  if (view === 'side')
    return family === 'case' ? caseSide(p, art, pal) : family === 'pack' ? packSide(p, art, pal) : duffleSide(p, art, pal);
  return family === 'case' ? caseOpen(p, art, pal) : family === 'pack' ? packOpen(p, art, pal) : duffleOpen(p, art, pal);
}

function drawBag(p: string, art: BagArt, view: BagView = 'front'): Drawing {
  if (view !== 'front') return drawView(p, art, view);
  const pal = palette(art);
  switch (art.kind) {
    case 'trolley':
      return trolley(p, art, pal, false);
    case 'cabin':
      return trolley(p, art, pal, true);
    case 'backpack':
      return backpack(p, art, pal);
    case 'daypack':
      return daypack(p, art, pal);
    case 'duffle':
      return duffle(p, art, pal);
    case 'holdall':
      return holdall(p, art, pal);
  }
}

function bagGroup(p: string, art: BagArt, transform: string, view: BagView = 'front'): { defs: string; body: string } {
  const d = drawBag(p, art, view);
  const s = d.shadow;
  return {
    defs: d.defs,
    body: `<g transform="${transform}">
  <ellipse cx="${num(s.cx)}" cy="${num(s.cy)}" rx="${num(s.rx)}" ry="${num(s.ry)}" fill="#1b1f2a" fill-opacity="0.22" filter="url(#${p}-blur)"/>
  ${d.back}
  ${d.front}
</g>`,
  };
}

/** Several bags on one 1000 × 1000 canvas (scaled to width × height). */
export function sceneSvg(placements: ScenePlacement[], options: SceneOptions = {}): string {
  const { width = 1000, height = 1000, background = true } = options;
  const first = placements[0]?.art;
  const tint = options.tint ?? {
    from: first ? mix(first.body, '#ffffff', 0.86) : '#f4f1ec',
    to: first ? mix(first.accent, '#ffffff', 0.8) : '#e9eef4',
  };
  const groups = placements.map((pl, i) =>
    bagGroup(`b${i}`, pl.art, `translate(${num(pl.x ?? 0)} ${num(pl.y ?? 0)}) scale(${pl.scale ?? 1})`, pl.view),
  );
  const bg = background
    ? `<rect width="1000" height="1000" fill="url(#bg)"/>
  <circle cx="500" cy="520" r="360" fill="#ffffff" fill-opacity="0.45"/>
  <circle cx="170" cy="170" r="70" fill="#ffffff" fill-opacity="0.3"/>
  <circle cx="860" cy="250" r="40" fill="#ffffff" fill-opacity="0.35"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1000 1000" preserveAspectRatio="xMidYMid meet">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${tint.from}"/><stop offset="1" stop-color="${tint.to}"/>
  </linearGradient>
  ${groups.map((g) => g.defs).join('\n')}
</defs>
${bg}
${groups.map((g) => g.body).join('\n')}
</svg>`;
}

/** A flat illustration of one bag on a soft gradient background. */
export function bagSvg(art: BagArt, { width = 1000, height = 1000 }: SvgSize = {}, view: BagView = 'front'): string {
  // Slightly enlarged so the bag fills a product card nicely.
  return sceneSvg([{ art, x: -40, y: -36, scale: 1.08, view }], { width, height, background: true });
}

/** The bag illustration as a 1000 × 1000 PNG. */
export async function renderArtwork(art: BagArt, view: BagView = 'front'): Promise<Buffer> {
  return sharp(Buffer.from(bagSvg(art, {}, view)))
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}
