import { runToEnd } from '../../steps';
import type { SourceFileRole, SourceId, SourceParser, SourceParseResult } from './model';
import { OfacLegacyParser } from './ofacLegacy';
import { UnXmlParser } from './unXml';
import { UsCslParser } from './usCsl';

/**
 * A new incremental parser for a source's file format. The server feeds it an upload as it arrives, with the event
 * loop free between pieces, and keeps the current version when the answer is a refusal:
 *
 *   const parser = createSourceParser('OFAC_SDN');
 *   for await (const piece of sdnUpload) parser.push(piece, 'primary');   // Uint8Array or string pieces
 *   for await (const piece of altUpload) parser.push(piece, 'alt');
 *   const result = parser.end();
 *   if (!result.ok) refuse(result.problems); else store(result.entries, result.summary);
 */
export function createSourceParser(source: SourceId): SourceParser {
  switch (source) {
    case 'OFAC_SDN':
    case 'OFAC_CONS':
      return new OfacLegacyParser(source);
    case 'UN':
      return new UnXmlParser();
    case 'US_CSL':
      return new UsCslParser();
  }
}

/** The piece size a caller feeding a whole text at once uses: small enough to keep each step short. */
export const PIECE_SIZE = 64 * 1024;

/**
 * A source's files parsed from whole texts or byte arrays (scripts, tests, the demo data): each file fed in pieces of
 * `pieceSize`, in the order of the parser's `files`. The server feeds its upload stream to createSourceParser instead.
 */
export function parseSourceFiles(source: SourceId, files: Partial<Record<SourceFileRole, string | Uint8Array>>, pieceSize = PIECE_SIZE): SourceParseResult {
  return runToEnd(parseSourceFilesSteps(source, files, pieceSize));
}

/** parseSourceFiles, pausing (yielding) after each piece: the server's demo seed runs it in slices (OFAC's SDN files took 0.8-1.4 s at once). */
export function* parseSourceFilesSteps(
  source: SourceId,
  files: Partial<Record<SourceFileRole, string | Uint8Array>>,
  pieceSize = PIECE_SIZE,
): Generator<void, SourceParseResult> {
  const parser = createSourceParser(source);
  for (const role of parser.files) {
    const content = files[role];
    if (content === undefined) continue;
    if (content.length === 0) parser.push(content, role);
    for (let start = 0; start < content.length; start += pieceSize) {
      parser.push(content.slice(start, start + pieceSize), role);
      yield;
    }
  }
  return parser.end();
}
