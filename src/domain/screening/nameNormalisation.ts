import { withoutLegalForms } from './legalForms';
import { foldText } from './textFolding';

/** A name as compared: folded, initials run together (S.A. -> SA, J. P. -> JP), legal forms removed. */
export interface NormalisedName {
  words: string[];
  /** The words joined by single spaces: the key of Exact matching. */
  text: string;
  /** The words written as initials (a lone letter, or letters run together: K. P. -> KP), which compareNames may regroup; absent when none. */
  initials?: string[];
}

/** A token of one letter A-Z: an initial. */
const isInitial = (token: string) => token.length === 1 && token >= 'A' && token <= 'Z';

/** Runs of two or more single letters become one token (kept in `runs`); a lone initial stays as it is. */
function joinInitials(tokens: string[], runs: string[]): string[] {
  const joined: string[] = [];
  let run = '';
  for (const token of tokens) {
    if (isInitial(token)) {
      run += token;
      continue;
    }
    if (run) {
      joined.push(run);
      if (run.length > 1) runs.push(run);
      run = '';
    }
    joined.push(token);
  }
  if (run) {
    joined.push(run);
    if (run.length > 1) runs.push(run);
  }
  return joined;
}

export function normaliseName(text: string): NormalisedName {
  const folded = foldText(text);
  const runs: string[] = [];
  const words = withoutLegalForms(joinInitials(folded === '' ? [] : folded.split(' '), runs));
  // The words written as initials, each once, in the order met (a list of 100,000 names normalises each of them).
  const initials: string[] = [];
  for (const word of words) if ((isInitial(word) || runs.includes(word)) && !initials.includes(word)) initials.push(word);
  return { words, text: words.join(' '), ...(initials.length > 0 ? { initials } : {}) };
}
