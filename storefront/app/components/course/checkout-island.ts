/**
 * The course page's checkout as the server rendered it, kept as plain HTML while the rest of the
 * page hydrates (ADR 153). The form works as it is (its fields, radio buttons and file inputs are
 * native), and its code is loaded only when the form nears the screen or the visitor touches it.
 * Then React renders the form afresh in its place, and what the visitor did in the plain form is
 * handed over: the fields they changed, the focused field with its selection, and the last button
 * they pressed or the Enter key in a field, which the plain form holds back instead of posting.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type FieldState =
  | { key: string; kind: 'checked'; checked: boolean }
  | { key: string; kind: 'value'; value: string }
  | { key: string; kind: 'files'; files: FileList }
  | { key: string; kind: 'select'; values: string[] };

/** The visitor's last held-back action: a button press or Enter in a field. */
type Action = { kind: 'click'; key: string } | { kind: 'enter'; key: string };

export type IslandSnapshot = {
  fields: FieldState[];
  focus: { key: string; selection: [number, number] | null } | null;
  action: Action | null;
};

const FIELD_SELECTOR = 'input[name], select[name], textarea[name]';

function isField(element: Element | null): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

/**
 * The elements keyed the same way in the server's and the browser's renderings: what identifies
 * one (`identity`) and its place among the elements of the same identity.
 */
function keyed<E extends Element>(elements: E[], identity: (element: E) => string): Map<string, E> {
  const places = new Map<string, number>();
  const byKey = new Map<string, E>();
  for (const element of elements) {
    const id = identity(element);
    const place = places.get(id) ?? 0;
    places.set(id, place + 1);
    byKey.set(`${id}#${place}`, element);
  }
  return byKey;
}

function keyOf<E extends Element>(byKey: Map<string, E>, element: E): string {
  for (const [key, candidate] of byKey) if (candidate === element) return key;
  return '';
}

/** Fields by their form's position, their name, and their value for a checkbox or radio button. */
function fieldsByKey(root: HTMLElement): Map<string, Field> {
  const forms = Array.from(root.querySelectorAll('form'));
  return keyed(Array.from(root.querySelectorAll<Field>(FIELD_SELECTOR)), (field) => `${field.form ? forms.indexOf(field.form) : -1}|${field.name}|${isToggle(field) ? field.value : ''}`);
}

/** Buttons by their test id, otherwise by their name, value and label. */
function buttonsByKey(root: HTMLElement): Map<string, HTMLButtonElement> {
  return keyed(
    Array.from(root.querySelectorAll('button')),
    (button) => button.getAttribute('data-testid') ?? `${button.name}|${button.value}|${button.getAttribute('aria-label') ?? ''}|${button.textContent?.trim() ?? ''}`,
  );
}

function fieldKey(root: HTMLElement, field: Field): string {
  return keyOf(fieldsByKey(root), field);
}

function findField(root: HTMLElement, key: string): Field | null {
  const field = fieldsByKey(root).get(key);
  return field && field.type !== 'hidden' ? field : null;
}

function buttonKey(root: HTMLElement, button: HTMLButtonElement): string {
  return keyOf(buttonsByKey(root), button);
}

function findButton(root: HTMLElement, key: string): HTMLButtonElement | null {
  return buttonsByKey(root).get(key) ?? null;
}

/** What the visitor changed in the island's fields: only values that differ from the server's. */
function changedFields(root: HTMLElement): FieldState[] {
  const changed: FieldState[] = [];
  for (const [key, field] of fieldsByKey(root)) {
    if (field.disabled || field.type === 'hidden') continue;
    if (isToggle(field)) {
      if (field.checked !== field.defaultChecked) changed.push({ key, kind: 'checked', checked: field.checked });
    } else if (field instanceof HTMLInputElement && field.type === 'file') {
      if (field.files && field.files.length > 0) changed.push({ key, kind: 'files', files: field.files });
    } else if (field instanceof HTMLSelectElement) {
      const options = Array.from(field.options);
      if (options.some((option) => option.selected !== option.defaultSelected)) {
        changed.push({ key, kind: 'select', values: options.filter((option) => option.selected).map((option) => option.value) });
      }
    } else if (field.value !== field.defaultValue) {
      changed.push({ key, kind: 'value', value: field.value });
    }
  }
  return changed;
}

/**
 * Watches the plain form until its code should load: when it comes within a screen of the
 * viewport, or the visitor focuses, presses or types in it. A button press and Enter in a field
 * are held back (the plain form would post the page) and kept for the rendered form.
 */
export function watchIsland(root: HTMLElement, wake: () => void): { snapshot: () => IslandSnapshot; stop: () => void; fallBack: () => void } {
  let action: Action | null = null;
  let woken = false;
  const rouse = () => {
    if (woken) return;
    woken = true;
    wake();
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    action = { kind: 'click', key: buttonKey(root, button) };
    rouse();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && !isToggle(target)) {
      event.preventDefault();
      action = { kind: 'enter', key: fieldKey(root, target) };
    }
    rouse();
  };
  // A post that got past the buttons (a form submitted another way) waits for the rendered form too.
  const onSubmit = (event: Event) => {
    event.preventDefault();
    rouse();
  };
  const events: [string, EventListener][] = [
    ['click', onClick as EventListener],
    ['keydown', onKeyDown as EventListener],
    ['submit', onSubmit],
    ['pointerdown', rouse],
    ['focusin', rouse],
    ['input', rouse],
    ['change', rouse],
  ];
  for (const [type, listener] of events) root.addEventListener(type, listener, true);
  // The checkout's section carries content-visibility: auto (ADR 149): watch the section's box.
  const watched = root.closest('section') ?? root;
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) rouse();
          },
          { rootMargin: '100% 0px 100% 0px' },
        );
  if (observer) observer.observe(watched);
  else rouse();
  const stop = () => {
    for (const [type, listener] of events) root.removeEventListener(type, listener, true);
    observer?.disconnect();
  };
  return {
    snapshot: () => {
      const active = document.activeElement;
      const focus = isField(active) && root.contains(active) ? { key: fieldKey(root, active), selection: selectionOf(active) } : null;
      return { fields: changedFields(root), focus, action };
    },
    stop,
    // The code could not be loaded: the plain form goes on as it does without scripts, and what
    // was held back is done the browser's way (a press on the pay button posts the form).
    fallBack: () => {
      stop();
      const held = action;
      action = null;
      if (held?.kind === 'click') findButton(root, held.key)?.click();
      else if (held?.kind === 'enter') findField(root, held.key)?.form?.requestSubmit();
    },
  };
}

function selectionOf(field: Field): [number, number] | null {
  try {
    return field instanceof HTMLSelectElement || field.selectionStart === null || field.selectionEnd === null ? null : [field.selectionStart, field.selectionEnd];
  } catch {
    return null;
  }
}

/** Sets a value the way typing does, so React's change handlers and the form library see it. */
function setValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function apply(field: Field, state: FieldState): void {
  if (state.kind === 'checked') {
    // A click, as the visitor's: a controlled radio button or checkbox changes through its handler.
    if (isToggle(field) && field.checked !== state.checked) field.click();
  } else if (state.kind === 'files') {
    if (field instanceof HTMLInputElement) {
      field.files = state.files;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  } else if (state.kind === 'select') {
    if (field instanceof HTMLSelectElement) {
      for (const option of Array.from(field.options)) option.selected = state.values.includes(option.value);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  } else if (!(field instanceof HTMLSelectElement)) {
    setValue(field, state.value);
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hands the visitor's changes to the form React rendered in the island's place. A choice can
 * bring more fields (the tax invoice's), so the fields not found yet are tried again after React
 * has rendered, a few times. Then the focus comes back and the held-back action runs.
 */
export async function replayIsland(root: HTMLElement, snapshot: IslandSnapshot): Promise<void> {
  let pending = snapshot.fields;
  for (let round = 0; round < 4 && pending.length > 0; round += 1) {
    const missing: FieldState[] = [];
    const fields = fieldsByKey(root);
    for (const state of pending) {
      const field = fields.get(state.key);
      if (field && field.type !== 'hidden') apply(field, state);
      else missing.push(state);
    }
    pending = missing;
    await nextTask();
  }
  if (snapshot.focus) {
    const field = findField(root, snapshot.focus.key);
    if (field && document.activeElement === document.body) {
      field.focus({ preventScroll: true });
      const selection = snapshot.focus.selection;
      if (selection && !(field instanceof HTMLSelectElement)) {
        try {
          field.setSelectionRange(selection[0], selection[1]);
        } catch {
          // a field type without a text selection (email keeps none)
        }
      }
    }
  }
  const action = snapshot.action;
  if (!action) return;
  if (action.kind === 'click') {
    findButton(root, action.key)?.click();
    return;
  }
  const field = findField(root, action.key);
  if (!(field instanceof HTMLInputElement)) return;
  const enter = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
  // Enter in a field the page's code does not handle posts its form, as the browser would have.
  if (field.dispatchEvent(enter) && field.form) field.form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])')?.click();
}
