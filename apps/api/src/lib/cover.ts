import type { FileType, Language, Section } from '@hls/contract';
import { createRandom, type Random } from './random.ts';

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 900;
export const COVER_MIME = 'image/svg+xml';

export type CoverInput = {
  title: string;
  author: string;
  section: Section;
  language: Language;
  /** Files only: shown as a badge. */
  fileType?: FileType | null;
  /** Same seed, same cover. */
  seed: string;
};

type Palette = { dark: string; mid: string; accent: string };

const palettes: Record<Section, Palette[]> = {
  book: [
    { dark: '#1e3a5f', mid: '#2f5d8a', accent: '#f4a261' },
    { dark: '#3b1f5c', mid: '#5b3a8c', accent: '#f6bd60' },
    { dark: '#6b1d1d', mid: '#9b2c2c', accent: '#fde68a' },
    { dark: '#0f3d2e', mid: '#1b6b4f', accent: '#b7e4c7' },
    { dark: '#1f2937', mid: '#374151', accent: '#fbbf24' },
    { dark: '#4a1d3f', mid: '#7a2e63', accent: '#ffc8dd' },
  ],
  professional: [
    { dark: '#0b2e6b', mid: '#1d4ed8', accent: '#7dd3fc' },
    { dark: '#0f3b39', mid: '#0f766e', accent: '#5eead4' },
    { dark: '#172033', mid: '#334155', accent: '#60a5fa' },
    { dark: '#0c3b2e', mid: '#047857', accent: '#a7f3d0' },
  ],
  academic: [
    { dark: '#173d22', mid: '#2f7a3e', accent: '#bbf7d0' },
    { dark: '#5a2410', mid: '#9a3412', accent: '#fed7aa' },
    { dark: '#26235e', mid: '#4338ca', accent: '#c7d2fe' },
    { dark: '#43124a', mid: '#86198f', accent: '#f5d0fe' },
  ],
};

const fileBadges: Record<FileType, { label: string; color: string; text: string }> = {
  excel: { label: 'EXCEL', color: '#1d6f42', text: '#ffffff' },
  word: { label: 'WORD', color: '#2b579a', text: '#ffffff' },
  powerpoint: { label: 'POWERPOINT', color: '#c43e1c', text: '#ffffff' },
  powerbi: { label: 'POWER BI', color: '#f2c811', text: '#1f1f1f' },
  publisher: { label: 'PUBLISHER', color: '#077568', text: '#ffffff' },
  pdf: { label: 'PDF', color: '#b30b00', text: '#ffffff' },
  package: { label: 'PACKAGE', color: '#4b5563', text: '#ffffff' },
  access: { label: 'ACCESS', color: '#a4373a', text: '#ffffff' },
};

const sectionLabels: Record<Section, Record<Language, string>> = {
  book: { fr: 'LIVRE', en: 'BOOK' },
  professional: { fr: 'PROFESSIONNEL', en: 'PROFESSIONAL' },
  academic: { fr: 'DOCUMENT ACADÉMIQUE', en: 'ACADEMIC DOCUMENT' },
};

export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Greedy word wrap on an estimated glyph width; long words are cut rather than overflowing. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    let word = raw;
    while (word.length > maxChars) {
      if (line) lines.push(line);
      lines.push(word.slice(0, maxChars - 1) + '-');
      word = word.slice(maxChars - 1);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ' ' + word;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const f = (n: number) => Math.round(n * 10) / 10;

function pattern(random: Random, palette: Palette): string {
  const shapes: string[] = [];
  const kind = random.int(0, 3);
  if (kind === 0) {
    for (let i = 0; i < 14; i += 1) {
      const r = random.int(20, 140);
      shapes.push(
        `<circle cx="${random.int(-40, 640)}" cy="${random.int(-40, 560)}" r="${r}" fill="${random.chance(0.5) ? palette.accent : palette.mid}" opacity="${f(0.08 + random.next() * 0.22)}"/>`,
      );
    }
  } else if (kind === 1) {
    const step = random.int(28, 56);
    for (let x = -COVER_HEIGHT; x < COVER_WIDTH; x += step) {
      shapes.push(
        `<line x1="${x}" y1="0" x2="${x + 560}" y2="560" stroke="${palette.accent}" stroke-width="${random.int(2, 10)}" opacity="${f(0.12 + random.next() * 0.2)}"/>`,
      );
    }
  } else if (kind === 2) {
    const size = random.int(60, 100);
    for (let y = 0; y < 560; y += size) {
      for (let x = 0; x < COVER_WIDTH; x += size) {
        if (!random.chance(0.55)) continue;
        const up = random.chance(0.5);
        const points = up
          ? `${x},${y + size} ${x + size / 2},${y} ${x + size},${y + size}`
          : `${x},${y} ${x + size},${y} ${x + size / 2},${y + size}`;
        shapes.push(
          `<polygon points="${points}" fill="${random.chance(0.4) ? palette.accent : palette.mid}" opacity="${f(0.1 + random.next() * 0.3)}"/>`,
        );
      }
    }
  } else {
    const size = random.int(36, 64);
    for (let y = size / 2; y < 560; y += size) {
      for (let x = size / 2; x < COVER_WIDTH; x += size) {
        shapes.push(
          `<rect x="${f(x - size / 4)}" y="${f(y - size / 4)}" width="${f(size / 2)}" height="${f(size / 2)}" rx="${random.int(0, 12)}" fill="${palette.accent}" opacity="${f(0.06 + random.next() * 0.3)}"/>`,
        );
      }
    }
  }
  return shapes.join('');
}

/** A 600×900 SVG cover: section colours, a generated pattern, the title, the author and the file type. */
export function renderCover(input: CoverInput): Buffer {
  const random = createRandom(input.seed);
  const palette = random.pick(palettes[input.section]);
  const serif = input.section === 'book';
  const fontFamily = serif
    ? "Georgia, 'Times New Roman', serif"
    : "'Helvetica Neue', Helvetica, Arial, sans-serif";

  // Average advance of a bold glyph, in em: Georgia and Helvetica bold run about 0.6.
  const glyph = serif ? 0.6 : 0.58;
  const longestWord = Math.max(...input.title.split(/\s+/).map((word) => word.length));
  let titleSize = input.title.length <= 28 ? 58 : input.title.length <= 60 ? 48 : 40;
  // A word wider than a line is set smaller rather than cut ("réapprovisionneme-nt"); 30 px is still readable.
  while (titleSize > 30 && Math.floor(500 / (titleSize * glyph)) < longestWord) titleSize -= 2;
  const maxChars = Math.floor(500 / (titleSize * glyph));
  let lines = wrapWords(input.title, maxChars);
  if (lines.length > 6) lines = [...lines.slice(0, 5), `${lines[5]!.replace(/[.,;:]?$/, '')}…`];
  const lineHeight = Math.round(titleSize * 1.18);
  const titleTop = 660 - Math.round(((lines.length - 1) * lineHeight) / 2);
  const title = lines
    .map(
      (line, i) =>
        `<text x="50" y="${titleTop + i * lineHeight}" font-size="${titleSize}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');

  const badge = input.fileType ? fileBadges[input.fileType] : undefined;
  const badgeWidth = badge ? Math.round(badge.label.length * 13 + 40) : 0;
  const badgeSvg = badge
    ? `<rect x="${COVER_WIDTH - 50 - badgeWidth}" y="40" width="${badgeWidth}" height="44" rx="22" fill="${badge.color}"/>` +
      `<text x="${COVER_WIDTH - 50 - badgeWidth / 2}" y="70" text-anchor="middle" font-size="20" font-weight="700" letter-spacing="1" fill="${badge.text}">${badge.label}</text>`
    : '';

  const label = sectionLabels[input.section][input.language];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="${escapeXml(`${input.title} — ${input.author}`)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.dark}"/></linearGradient></defs>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>` +
    `<g>${pattern(random, palette)}</g>` +
    `<rect y="470" width="${COVER_WIDTH}" height="430" fill="${palette.dark}" opacity="0.92"/>` +
    `<rect x="50" y="${titleTop - titleSize - 24}" width="80" height="8" fill="${palette.accent}"/>` +
    `<g font-family="${fontFamily}" fill="#ffffff">` +
    `<text x="50" y="70" font-size="20" font-weight="700" letter-spacing="2" fill="${palette.accent}">${escapeXml(label)}</text>` +
    badgeSvg +
    title +
    `<text x="50" y="840" font-size="28" fill="${palette.accent}">${escapeXml(input.author)}</text>` +
    `<text x="${COVER_WIDTH - 50}" y="840" text-anchor="end" font-size="22" font-weight="700" letter-spacing="3">HLS</text>` +
    `</g></svg>`;
  return Buffer.from(svg, 'utf8');
}
