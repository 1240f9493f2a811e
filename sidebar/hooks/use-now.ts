// The time, read again every few seconds while a component shows an age ("just now", "27 s ago"), so the
// age it says stays true between the reads that change its figure.
import { useEffect, useState } from "preact/hooks";

const TICK_MS = 5_000;

export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
