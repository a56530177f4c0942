/**
 * Remix's scripts held until the visitor uses the page (ADR 220). The page carries everything
 * `<Scripts/>` renders, but inert: its module preloads lose their `rel` and its module script its
 * type, so the browser neither fetches nor runs them. The small inline script after them wakes
 * them on the first sign of a person, or when a part marked `data-wakes-scripts` comes within a
 * screen, by writing live copies into <head>: the browser then loads the modules and React hydrates
 * the page, reading the data the page's inline scripts have already streamed in. The inert
 * elements stay where they are, so React's hydration finds the same markup the server sent.
 */
import { Scripts } from '@remix-run/react';
import { Children, cloneElement, Fragment, isValidElement, useEffect, type ReactElement, type ReactNode } from 'react';

type ScriptsProps = Parameters<typeof Scripts>[0];

/** What the page does that shows a person is there: the scripts wake on the first of these. */
const ENGAGEMENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'wheel'];
/** Dispatched on the document once the page has hydrated. */
const HYDRATED_EVENT = 'sala:hydrated';

function hold(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement(child)) return child;
    const element = child as ReactElement<Record<string, unknown>>;
    if (element.type === Fragment) return cloneElement(element, undefined, hold(element.props.children as ReactNode));
    if (element.type === 'link' && element.props.rel === 'modulepreload') return cloneElement(element, { rel: undefined, 'data-held': 'modulepreload' });
    if (element.type === 'script' && element.props.type === 'module') return cloneElement(element, { type: 'text/plain', 'data-held': 'module' });
    return element;
  });
}

/**
 * Runs in the page, as the inline script's whole text (so it may use nothing from outside).
 * A press on a `type="button"` before React listens does nothing by itself (it has no native
 * action); the last one is pressed again once the page has hydrated. Links and forms act natively
 * meanwhile: the pages that hold their scripts work without them.
 */
function wakeOnEngagement(events: string[], hydratedEvent: string): void {
  const doc = document;
  // The held elements are this script's own elder siblings, taken now: an element of the same
  // kind anywhere else in the page (content, or anything added later) is never copied with the
  // page's nonce.
  const preloads: HTMLLinkElement[] = [];
  let module: HTMLScriptElement | null = null;
  for (let element = doc.currentScript?.previousElementSibling; element && (element.tagName === 'LINK' || element.tagName === 'SCRIPT'); element = element.previousElementSibling) {
    const held = element.getAttribute('data-held');
    if (held === 'modulepreload') preloads.unshift(element as HTMLLinkElement);
    else if (held === 'module') module ??= element as HTMLScriptElement;
  }
  let woken = false;
  let pressed: HTMLElement | null = null;
  let observer: IntersectionObserver | undefined;
  // React marks the container it listens on (here the document) with a `_reactListening…` key.
  const reactListens = () => Object.keys(doc).some((key) => key.startsWith('_reactListening'));
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (target instanceof HTMLElement && !reactListens()) pressed = target;
  };
  const wake = () => {
    if (woken) return;
    woken = true;
    events.forEach((name) => doc.removeEventListener(name, wake, true));
    observer?.disconnect();
    preloads.forEach((held) => {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = held.href;
      doc.head.append(link);
    });
    if (!module) return;
    const script = doc.createElement('script');
    script.type = 'module';
    script.nonce = module.nonce;
    script.textContent = module.textContent;
    doc.head.append(script);
  };
  events.forEach((name) => doc.addEventListener(name, wake, { capture: true, passive: true }));
  doc.addEventListener('click', onClick, true);
  doc.addEventListener(
    hydratedEvent,
    () => {
      doc.removeEventListener('click', onClick, true);
      const button = pressed;
      pressed = null;
      if (button?.isConnected) button.click();
    },
    { once: true },
  );
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wake();
      },
      { rootMargin: '100% 0px 100% 0px' },
    );
    doc.querySelectorAll('[data-wakes-scripts]').forEach((part) => observer?.observe(part));
  }
}

const WAKE_SCRIPT = `(${wakeOnEngagement.toString()})(${JSON.stringify(ENGAGEMENT_EVENTS)},${JSON.stringify(HYDRATED_EVENT)})`;

export function HeldScripts(props: ScriptsProps) {
  // Scripts is called as a function to reshape what it renders; it calls its hooks in this one's order.
  const scripts = Scripts(props);
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    <>
      {hold(scripts)}
      <script nonce={props?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: WAKE_SCRIPT }} />
    </>
  );
}
