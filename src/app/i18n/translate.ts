import { createContext, useContext } from 'react';
import { shellMessages } from './shellMessages';

/**
 * The shell's translator: the same keys and polyglot syntax (`%{name}`, `||||` plurals) as the
 * admin chunk's ra-i18n-polyglot provider, without loading polyglot on the login page.
 */

export type Translate = (key: string, options?: Record<string, string | number>) => string;

type MessageTree = { [key: string]: string | MessageTree };

function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator(messages: MessageTree): Translate {
  return (key, options = {}) => {
    let phrase = lookup(messages, key) ?? (typeof options._ === 'string' ? options._ : key);
    if (phrase.includes('||||')) {
      const forms = phrase.split('||||').map((form) => form.trim());
      const count = Number(options.smart_count ?? 1);
      phrase = (count === 1 ? forms[0] : forms[1]) ?? forms[0];
    }
    return phrase.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
  };
}

export const translate: Translate = createTranslator(shellMessages as unknown as MessageTree);

export const TranslateContext = createContext<Translate>(translate);

export function useShellTranslate(): Translate {
  return useContext(TranslateContext);
}
