/**
 * A checkout that cannot go on says so where the buyer is looking (WCAG 3.3.1 and 4.1.3): the
 * first field marked invalid, in the page's order, is scrolled to the middle of the screen and
 * focused, so a long form's message at the top is not missed below the pay button; when no
 * field is to blame (the CMS refused the order), the error message itself takes the focus.
 * The message next to the pay button carries role="alert", so screen readers announce it.
 */
import { useCallback, useEffect, useState } from 'react';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** The name of the button conform submits with when it checks one field (a blur or an input), `INTENT` of @conform-to/dom. */
const CONFORM_INTENT = '__intent__';

/** A submit that only asks conform to check a field, not the buyer's press of pay or Enter. */
export function isValidateIntent(event: Event): boolean {
  const submitter = (event as SubmitEvent).submitter;
  return submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT;
}

/**
 * `onMouseDown` of a form's submit button when its fields are checked on blur: the press leaves the
 * focus in the field being typed in. Otherwise the field's blur check draws its error above the
 * button between the finger's down and up, the button moves away from under it and the press is
 * lost (no submit at all). The press checks every field anyway; the keyboard is not affected.
 */
export function keepFocusOnPress(event: { preventDefault: () => void }): void {
  event.preventDefault();
}

/** Focuses the form's first problem (see the module comment); answers the element that took the focus. */
export function focusFirstProblem(form: HTMLElement | null, summary: HTMLElement | null): HTMLElement | null {
  const invalid = form?.querySelector<HTMLElement>('[data-invalid], [aria-invalid="true"]') ?? null;
  const control = invalid ? (invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE)) : null;
  for (const target of [control, summary]) {
    if (!target) continue;
    // a control drawn by its label (a file input, a styled choice) is scrolled to through its field
    (target === control && invalid && target.getClientRects().length === 0 ? invalid : target).scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
    if (target.ownerDocument.activeElement === target) return target;
  }
  return null;
}

/** Frames to wait for the errors to be drawn (about half a second) before giving up on the focus. */
const FOCUS_FRAMES = 30;

/**
 * `request()` after a submit that did not go through: once the page has drawn the errors, the
 * first problem of the form with id `formId` (or `summaryId`, the form's message) gets the focus.
 * The errors may be drawn a frame or more after the request on a slow phone, so each frame looks
 * again until a problem takes the focus.
 */
export function useFirstProblemFocus(formId: string, summaryId: string): () => void {
  const [requested, setRequested] = useState(0);
  useEffect(() => {
    if (requested === 0) return;
    let frame = 0;
    let left = FOCUS_FRAMES;
    const attempt = () => {
      if (focusFirstProblem(document.getElementById(formId), document.getElementById(summaryId)) || --left <= 0) return;
      frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [requested, formId, summaryId]);
  return useCallback(() => setRequested((count) => count + 1), []);
}
