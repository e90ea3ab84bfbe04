import { useBasename } from 'react-admin';
import { DEFAULT_LANGUAGE } from './paths';

/** The language of the signed-in screens: react-admin's basename ('/en'), without its slash. */
export function useLanguage(): string {
  return useBasename().replace(/^\//, '') || DEFAULT_LANGUAGE;
}
