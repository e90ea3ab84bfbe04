import { useEffect, useState } from 'react';

/** Whole seconds until `deadline` (epoch ms), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(deadline: number): number {
  const compute = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    setLeft(compute());
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const next = compute();
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
    // compute reads only deadline
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);
  return left;
}
