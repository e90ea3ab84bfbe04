import { useEffect, useState } from 'react';

/** Whole seconds until `deadline` (epoch ms), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(deadline: number): number {
  const compute = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute reads only deadline.
  useEffect(() => {
    setLeft(compute());
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const next = compute();
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}
