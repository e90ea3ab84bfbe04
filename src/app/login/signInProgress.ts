/**
 * While a sign-in is between its token and its landing page (one-time code, privacy consent,
 * the hand-over to the classic site), the route guard must not treat the visitor as signed in
 * and send them on: the redirect waits for these steps (spec 4).
 */
let pending = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (pending === value) return;
  pending = value;
  for (const listener of [...listeners]) listener();
}

export const signInProgress = {
  start: () => set(true),
  end: () => set(false),
  isPending: (): boolean => pending,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
