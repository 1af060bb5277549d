import { useEffect, useRef } from 'react';

/**
 * Calls `run` once for each code from the address. Emailed codes are single-use, so a second
 * call (StrictMode's double effects, a re-render) would fail a link that just worked.
 */
export function useCodeOnce(code: string | null, run: (code: string) => void): void {
  const handledCode = useRef<string | null>(null);
  useEffect(() => {
    if (!code || handledCode.current === code) return;
    handledCode.current = code;
    run(code);
  }, [code, run]);
}
