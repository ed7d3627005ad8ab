import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = { x: 56, top: 48, bottom: 56 } as const;
const TEXT = { size: 10, leading: 1.3 } as const;
const LABEL_WIDTH = 80;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface TextStyle {
  bold?: boolean;
  size?: number;
  indent?: number;
  muted?: boolean;
}

// Control characters (other than the line breaks split on) have no glyph and no place in a
// contract; a tab or a stray escape code becomes a space instead of a box or a broken line.
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g;

/** Text as it may be drawn: no control characters, one kind of line break. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, ' ');
}

// Widths at size 1 by font and character. pdf-lib measures a string by shaping it with fontkit
// (about a millisecond a call), and wrapping measures every growing line again; a character's
// advance is the same in every document, so it is shaped once per process. pdf-lib draws glyphs
// without kerning, so the sum of the advances is the drawn width.
const advances = new Map<string, Map<string, number>>();

/** The drawn width of `text` in `font` at `size` points. */
export function textWidth(text: string, font: PDFFont, size: number): number {
  let table = advances.get(font.name);
  if (!table) advances.set(font.name, (table = new Map()));
  let width = 0;
  for (const ch of text) {
    let advance = table.get(ch);
    if (advance === undefined) table.set(ch, (advance = font.widthOfTextAtSize(ch, 1)));
    width += advance;
  }
  return width * size;
}

/**
 * Breaks text into lines no wider than `maxWidth`: at spaces, and inside a word only when the word
 * alone is too wide (a long e-mail address or a pasted link). Line breaks in the text are kept.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of cleanText(text).split('\n')) {
    const words = paragraph.split(/ +/).filter(Boolean);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, font, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (textWidth(rest, font, size) > maxWidth) {
        const cut = longestFit(rest, font, size, maxWidth);
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** How many code units of `text` fit in `maxWidth` (at least one character, never half a surrogate pair). */
function longestFit(text: string, font: PDFFont, size: number, maxWidth: number): number {
  const chars = Array.from(text);
  let lo = 1;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(chars.slice(0, mid).join(''), font, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').length;
}

/**
 * Writes the document top to bottom and starts a new A4 page when the next block does not fit.
 * Every text, the users' own included, reaches the PDF through `drawText` only.
 */
export class PageWriter {
  private page: PDFPage;
  private y: number;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
    this.y = PAGE.height - MARGIN.top;
  }

  private get contentWidth(): number {
    return PAGE.width - 2 * MARGIN.x;
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(page);
    return page;
  }

  /** Room for `height` points on this page, or a new page. */
  private ensure(height: number): void {
    if (this.y - height >= MARGIN.bottom) return;
    this.page = this.addPage();
    this.y = PAGE.height - MARGIN.top;
  }

  private lineHeight(size: number): number {
    return size * TEXT.leading;
  }

  private draw(text: string, x: number, size: number, font: PDFFont, muted = false): void {
    this.page.drawText(text, { x, y: this.y - size, size, font, color: muted ? MUTED : INK });
  }

  gap(points = 8): void {
    this.y -= points;
  }

  title(text: string): void {
    this.paragraph(text, { bold: true, size: 18 });
    this.gap(4);
  }

  heading(text: string): void {
    const size = 12;
    // A heading is never the last line of a page: it stays with at least two lines after it.
    this.ensure(this.lineHeight(size) + 2 * this.lineHeight(TEXT.size) + 10);
    this.gap(10);
    this.paragraph(text, { bold: true, size });
    this.gap(2);
  }

  paragraph(text: string, style: TextStyle = {}): void {
    const size = style.size ?? TEXT.size;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const indent = style.indent ?? 0;
    for (const line of wrapText(text, font, size, this.contentWidth - indent)) {
      this.ensure(this.lineHeight(size));
      this.draw(line, MARGIN.x + indent, size, font, style.muted);
      this.y -= this.lineHeight(size);
    }
  }

  /** A bullet point: the mark, then the text wrapped beside it. */
  bullet(text: string): void {
    const indent = 14;
    const size = TEXT.size;
    const lines = wrapText(text, this.fonts.regular, size, this.contentWidth - indent);
    lines.forEach((line, i) => {
      this.ensure(this.lineHeight(size));
      if (i === 0) this.draw('•', MARGIN.x + 4, size, this.fonts.regular);
      this.draw(line, MARGIN.x + indent, size, this.fonts.regular);
      this.y -= this.lineHeight(size);
    });
  }

  /** 'Label   value', the value wrapped in its own column. */
  field(label: string, value: string, indent = 0): void {
    const size = TEXT.size;
    const valueX = MARGIN.x + indent + LABEL_WIDTH;
    const lines = wrapText(value, this.fonts.regular, size, PAGE.width - MARGIN.x - valueX);
    const labelLines = wrapText(label, this.fonts.bold, size, LABEL_WIDTH - 8);
    const rows = Math.max(lines.length, labelLines.length);
    for (let i = 0; i < rows; i++) {
      this.ensure(this.lineHeight(size));
      if (labelLines[i]) this.draw(labelLines[i], MARGIN.x + indent, size, this.fonts.bold);
      if (lines[i]) this.draw(lines[i], valueX, size, this.fonts.regular);
      this.y -= this.lineHeight(size);
    }
  }

  /**
   * Blocks of 'Label value' rows side by side (the two parties), each under its bold title. A row
   * is as high as its tallest wrapped cell; rows are kept whole across a page break.
   */
  fieldColumns(columns: { title: string; fields: [string, string][] }[]): void {
    const size = TEXT.size;
    const gutter = 16;
    const width = (this.contentWidth - gutter * (columns.length - 1)) / columns.length;
    const labelWidth = 80;
    const xOf = (i: number) => MARGIN.x + i * (width + gutter);
    this.ensure(2 * this.lineHeight(size));
    columns.forEach((column, i) => this.draw(column.title, xOf(i), size, this.fonts.bold));
    this.y -= this.lineHeight(size);
    const rows = Math.max(...columns.map((c) => c.fields.length));
    for (let r = 0; r < rows; r++) {
      const cells = columns.map((column) => {
        const field = column.fields[r];
        if (!field) return { label: [], value: [] };
        return {
          label: wrapText(field[0], this.fonts.bold, size, labelWidth - 6),
          value: wrapText(field[1], this.fonts.regular, size, width - labelWidth),
        };
      });
      const lines = Math.max(...cells.map((c) => Math.max(c.label.length, c.value.length)));
      this.ensure(lines * this.lineHeight(size));
      for (let l = 0; l < lines; l++) {
        cells.forEach((cell, i) => {
          if (cell.label[l]) this.draw(cell.label[l], xOf(i), size, this.fonts.bold, true);
          if (cell.value[l]) this.draw(cell.value[l], xOf(i) + labelWidth, size, this.fonts.regular);
        });
        this.y -= this.lineHeight(size);
      }
    }
  }

  /** 'Label ........ 12,50 €': the amount right-aligned, the label wrapped to the left of it. */
  amount(label: string, value: string, style: { bold?: boolean; indent?: number; muted?: boolean } = {}): void {
    const size = TEXT.size;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const indent = style.indent ?? 0;
    const valueWidth = textWidth(value, font, size);
    const right = PAGE.width - MARGIN.x;
    const lines = wrapText(label, font, size, this.contentWidth - indent - valueWidth - 16);
    lines.forEach((line, i) => {
      this.ensure(this.lineHeight(size));
      this.draw(line, MARGIN.x + indent, size, font, style.muted);
      if (i === 0) this.draw(value, right - valueWidth, size, font, style.muted);
      this.y -= this.lineHeight(size);
    });
  }

  rule(): void {
    this.ensure(6);
    this.gap(3);
    this.page.drawLine({ start: { x: MARGIN.x, y: this.y }, end: { x: PAGE.width - MARGIN.x, y: this.y }, thickness: 0.5, color: MUTED });
    this.gap(3);
  }

  /** The footer of every page, once all pages exist (it says how many there are). */
  footers(text: (page: number, pages: number) => string): void {
    const size = 8;
    this.pages.forEach((page, i) => {
      const line = text(i + 1, this.pages.length);
      const width = textWidth(line, this.fonts.regular, size);
      page.drawText(line, {
        x: PAGE.width - MARGIN.x - width,
        y: MARGIN.bottom / 2 - size / 2,
        size,
        font: this.fonts.regular,
        color: MUTED,
      });
    });
  }
}
