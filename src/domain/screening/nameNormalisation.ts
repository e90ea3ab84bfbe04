import { withoutLegalForms } from './legalForms';
import { foldText } from './textFolding';

/** A name as compared: folded, initials run together (S.A. -> SA, J. P. -> JP), legal forms removed. */
export interface NormalisedName {
  words: string[];
  /** The words joined by single spaces: the key of Exact matching. */
  text: string;
}

/** Runs of two or more single letters become one token; a lone initial stays as it is. */
function joinInitials(tokens: string[]): string[] {
  const joined: string[] = [];
  let run = '';
  const flush = () => {
    if (run) joined.push(run);
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
  const words = withoutLegalForms(joinInitials(folded === '' ? [] : folded.split(' ')));
  return { words, text: words.join(' ') };
}
