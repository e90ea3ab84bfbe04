import { DEFAULT_CARGO_MESSAGE_LIMITS } from './limits';
import type { WriteOutcome } from './faults';

/**
 * Joins written lines into a message; a line that came out longer than Cargo-IMP allows (large
 * amounts on one rate line, say) is refused rather than sent to be cut by a teletype gateway.
 */
export function finishMessage(lines: string[]): WriteOutcome {
  const max = DEFAULT_CARGO_MESSAGE_LIMITS.maxLineLength;
  let segment = '';
  const faults = lines.flatMap((line, index) => {
    if (!line.startsWith('/')) segment = /^[A-Z]{3}(\/|$)/.test(line) ? line.slice(0, 3) : 'AWB';
    return line.length > max
      ? [{ path: segment, reason: `Line ${index + 1} (${segment}) would be ${line.length} characters long; Cargo-IMP lines are at most ${max}.` }]
      : [];
  });
  return faults.length > 0 ? { ok: false, faults } : { ok: true, text: `${lines.join('\n')}\n` };
}
