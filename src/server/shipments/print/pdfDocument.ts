import PDFDocument from 'pdfkit';

/** Small drawing helpers over pdfkit for the shipment printouts: A4, Helvetica, boxes with labels. */

export type Pdf = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 28 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export function renderPdf(info: { title: string; subject: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      info: { Title: info.title, Subject: info.subject, Author: 'Cargo Shipment Portal', Creator: 'Cargo Shipment Portal' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** The standard fonts encode WinAnsi only: anything else is shown as '?', never as garbage. */
export function printable(text: unknown): string {
  return String(text ?? '').replace(/[^\u0020-\u007e\u00a0-\u00ff\n]/g, '?');
}

export interface BoxOptions {
  label?: string;
  lines?: readonly unknown[];
  frame?: boolean;
  fontSize?: number;
  bold?: boolean;
}

/**
 * The font size, from `size` down to `smallest` in quarter points, at which `text` stays on one line
 * of `width`: a label is printed whole, never cut short ('Pieces...'). pdfkit's own line breaking
 * decides (it measures word by word, so a whole-string width can fit where the words do not).
 */
export function fittingSize(doc: Pdf, font: string, text: string, width: number, size: number, smallest: number): number {
  doc.font(font);
  for (let candidate = size; candidate > smallest; candidate -= 0.25) {
    doc.fontSize(candidate);
    if (doc.heightOfString(text, { width }) < 1.5 * doc.currentLineHeight(true)) return candidate;
  }
  return smallest;
}

/** A form field: a frame, a small label at the top, then the value lines. */
export function box(doc: Pdf, x: number, y: number, width: number, height: number, options: BoxOptions): void {
  const frame = options.frame ?? true;
  if (frame) doc.lineWidth(0.6).strokeColor('#333333').rect(x, y, width, height).stroke();
  let top = y + 3;
  if (options.label && frame) {
    // Smaller in a narrow box; a label too long even at the smallest size wraps, the value moving down.
    const label = printable(options.label);
    doc
      .font('Helvetica')
      .fontSize(fittingSize(doc, 'Helvetica', label, width - 6, 6, 4.5))
      .fillColor('#555555');
    const labelHeight = doc.heightOfString(label, { width: width - 6 });
    doc.text(label, x + 3, top, { width: width - 6, height: labelHeight + 1 });
    top += Math.max(8, labelHeight + 1);
  }
  const lines = (options.lines ?? []).map(printable).filter((line) => line !== '');
  if (lines.length > 0) {
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.fontSize ?? 8)
      .fillColor('#000000');
    doc.text(lines.join('\n'), x + 3, top, { width: width - 6, height: Math.max(0, y + height - top - 2), ellipsis: true });
  }
}

export function heading(doc: Pdf, title: string, subtitle?: string): void {
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000').text(printable(title), PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
  if (subtitle) doc.font('Helvetica').fontSize(9).fillColor('#444444').text(printable(subtitle), { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
}

/** Label: value rows, two columns of them. */
export function facts(doc: Pdf, rows: readonly [string, unknown][], top: number = doc.y): number {
  const columnWidth = CONTENT_WIDTH / 2;
  let y = top;
  rows.forEach(([label, value], index) => {
    const x = PAGE.margin + (index % 2) * columnWidth;
    if (index % 2 === 0 && index > 0) y += 24;
    box(doc, x, y, columnWidth, 24, { label, lines: [value] });
  });
  return y + 24;
}

export interface Column<T> {
  title: string;
  width: number;
  value: (row: T) => unknown;
  align?: 'left' | 'right';
}

/**
 * A table with a header row; it continues on a new page when it runs out of room. A row grows to
 * the lines its longest value wraps to (a house's nature of goods), rather than cutting it short.
 */
export function table<T>(doc: Pdf, columns: readonly Column<T>[], rows: readonly T[], top: number = doc.y): number {
  const rowHeight = 16;
  const drawHeader = (y: number) => {
    let x = PAGE.margin;
    doc
      .rect(
        PAGE.margin,
        y,
        columns.reduce((sum, column) => sum + column.width, 0),
        rowHeight,
      )
      .fillAndStroke('#e8edf3', '#333333');
    for (const column of columns) {
      const title = printable(column.title);
      doc
        .font('Helvetica-Bold')
        .fontSize(fittingSize(doc, 'Helvetica-Bold', title, column.width - 6, 7, 5))
        .fillColor('#000000')
        .text(title, x + 3, y + 5, { width: column.width - 6, align: column.align ?? 'left', lineBreak: false, ellipsis: true });
      x += column.width;
    }
    return y + rowHeight;
  };
  let y = drawHeader(top);
  for (const row of rows) {
    const cells = columns.map((column) => printable(column.value(row)));
    doc.font('Helvetica').fontSize(7.5);
    const height = Math.max(rowHeight, ...cells.map((text, index) => (text ? doc.heightOfString(text, { width: columns[index].width - 6 }) + 8 : 0)));
    if (y + height > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      y = drawHeader(PAGE.margin);
    }
    let x = PAGE.margin;
    columns.forEach((column, index) => {
      doc.lineWidth(0.4).strokeColor('#999999').rect(x, y, column.width, height).stroke();
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor('#000000')
        .text(cells[index], x + 3, y + 5, { width: column.width - 6, height: height - 5, align: column.align ?? 'left' });
      x += column.width;
    });
    y += height;
  }
  doc.y = y + 6;
  return y;
}

export function footer(doc: Pdf, text: string): void {
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#666666')
    .text(printable(text), PAGE.margin, PAGE.height - PAGE.margin - 10, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
}

export function partyLines(
  party: { name?: string; address?: string; city?: string; country?: string; postcode?: string; phone?: string; accountNumber?: string } | null,
): string[] {
  if (!party) return [];
  return [
    party.name ?? '',
    party.address ?? '',
    [party.postcode, party.city, party.country].filter(Boolean).join(' '),
    party.phone ? `Tel ${party.phone}` : '',
    party.accountNumber ? `Account ${party.accountNumber}` : '',
  ];
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
