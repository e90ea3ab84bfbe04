// csv-parse's browser build carries its own stream and Buffer, so this domain module needs no Node module. Its
// parser is a Transform stream that parses each written piece at once: written and read in turn, it hands over
// the rows a piece completes, and reports a broken row through its error event, synchronously.
import { parse } from 'csv-parse/browser/esm';

/** A row longer than this is no row of a sanctions list (the longest OFAC remarks are a few KB): the file is not CSV. */
const MAX_ROW_CHARACTERS = 1 << 20;

/** Why csv-parse refused the text, in an administrator's words. */
function csvReason(code: string | undefined, message: string): string {
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'the file ends inside a quoted value: it is cut short';
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quotation mark stands where CSV allows none: the row is damaged, or the file is not CSV';
    case 'CSV_MAX_RECORD_SIZE':
      return `a row is longer than ${MAX_ROW_CHARACTERS.toLocaleString('en')} characters: the file is not a CSV list`;
    default:
      return `the CSV cannot be read: ${message}`;
  }
}

/**
 * Rows of a CSV text given piece by piece: each row is handed to `onRow` with the line it starts on as soon as a
 * piece completes it (csv-parse keeps a few characters back to tell a line end from the next). Blank lines are
 * skipped. The first error stops the reading and is handed to `onError`.
 */
export class CsvRows {
  // Lines are counted here, not by csv-parse's `info` option, which costs a quarter of the parse: a row takes one
  // line and one more for each line break inside its quoted values; a blank line comes as one blank value.
  private readonly parser = parse({ relax_column_count: true, max_record_size: MAX_ROW_CHARACTERS });
  private failed = false;
  private written = false;
  private rows = 0;
  private nextLine = 1;

  constructor(
    private readonly onRow: (cells: string[], line: number) => void,
    private readonly onError: (reason: string, line: number | undefined) => void,
  ) {
    this.parser.on('error', (error: Error & { code?: string; lines?: number }) => {
      if (this.failed) return;
      this.failed = true;
      this.onError(csvReason(error.code, error.message), error.lines);
    });
  }

  /** Rows read so far. */
  get count(): number {
    return this.rows;
  }

  push(text: string): void {
    if (this.failed || text === '') return;
    this.written = true;
    this.parser.write(text);
    this.drain();
  }

  end(): void {
    // csv-parse's browser build throws when it ends without having been written to: there is nothing to end.
    if (this.failed || !this.written) return;
    this.parser.end();
    this.drain();
  }

  /** Stops reading: the caller has seen enough (a file of the wrong kind). */
  stop(): void {
    this.failed = true;
  }

  private drain(): void {
    for (let cells = this.parser.read() as string[] | null; cells !== null; cells = this.parser.read() as string[] | null) {
      if (this.failed) continue;
      const line = this.nextLine;
      this.nextLine += 1;
      for (const cell of cells) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) this.nextLine += 1;
      if (cells.length === 1 && cells[0].trim() === '') continue;
      this.rows += 1;
      this.onRow(cells, line);
    }
  }
}
