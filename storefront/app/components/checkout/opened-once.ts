import { useRef } from 'react';

/**
 * Whether a dialog has been open at least once. A closed Chakra dialog still builds its state
 * machine on every render; mounted only from its first opening (and kept, so it can animate
 * closed), it costs nothing on the server and in renders before it is needed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}
