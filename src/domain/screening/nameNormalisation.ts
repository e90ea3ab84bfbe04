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

/** Runs of two or more single letters become one token; a lone initial stays as it is. */
function joinInitials(tokens: string[], runs: Set<string>): string[] {
  const joined: string[] = [];
  let run = '';
  const flush = () => {
    if (run) joined.push(run);
    if (run.length > 1) runs.add(run);
    run = '';
  };
  for (const token of tokens) {
    if (token.length === 1 && /[A-Z]/.test(token)) run += token;
    else {
      flush();
      joined.push(token);
    }
  }
  flush();
  return joined;
}

export function normaliseName(text: string): NormalisedName {
  const folded = foldText(text);
  const runs = new Set<string>();
  const words = withoutLegalForms(joinInitials(folded === '' ? [] : folded.split(' '), runs));
  const initials = [...new Set(words.filter((word) => (word.length === 1 && /[A-Z]/.test(word)) || runs.has(word)))];
  return { words, text: words.join(' '), ...(initials.length > 0 ? { initials } : {}) };
}
