/**
 * "Leaving a login page resets stored state" (spec 2): what the previous user left in this browser
 * (react-admin's store: list filters, sort orders, column choices, kept in localStorage under
 * 'RaStore') must not carry over to the user who signs in now.
 */
export const REACT_ADMIN_STORE_PREFIX = 'RaStore';

export function resetStoredState(storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(REACT_ADMIN_STORE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
