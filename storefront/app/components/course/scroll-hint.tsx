/**
 * A row that scrolls sideways (the course page's section links and tabs) with a visible sign
 * when some of it is out of view: a fade and an arrow on the side that has more. The arrow
 * scrolls by most of a screen for a pointer; keyboard users reach every item by Tab, which
 * scrolls it into view, so the arrow stays out of the tab order.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

type More = { start: boolean; end: boolean };

export function ScrollHint({ children, testId, className }: { children: (ref: (element: HTMLElement | null) => void) => ReactNode; testId: string; className?: string }) {
  const row = useRef<HTMLElement | null>(null);
  const [more, setMore] = useState<More>({ start: false, end: false });
  const setRow = (element: HTMLElement | null) => {
    row.current = element;
  };
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    // a link reached by Tab comes wholly into view, clear of the arrow (the row's scroll-padding)
    const reveal = (event: FocusEvent) => (event.target as HTMLElement).scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    update();
    element.addEventListener('scroll', update, { passive: true });
    element.addEventListener('focusin', reveal);
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      element.removeEventListener('focusin', reveal);
      observer.disconnect();
    };
  }, []);
  const scrollBy = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div className={className ? `scroll-hint ${className}` : 'scroll-hint'} data-more-start={more.start || undefined} data-more-end={more.end || undefined}>
      {children(setRow)}
      {more.start ? (
        <button type="button" className="scroll-hint-arrow scroll-hint-arrow-start" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(-1)} data-testid={`${testId}-less`}>
          ‹
        </button>
      ) : null}
      {more.end ? (
        <button type="button" className="scroll-hint-arrow scroll-hint-arrow-end" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(1)} data-testid={`${testId}-more`}>
          ›
        </button>
      ) : null}
    </div>
  );
}
