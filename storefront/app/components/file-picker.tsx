/**
 * A file input drawn in the site's language. The browser draws a native file input's button and
 * "no file chosen" in its own language, so once scripts run the input is visually hidden (still
 * focused by Tab, labelled, required and filled by the chooser) and the page draws the button and
 * the chosen files' names. Without script the native input shows. Classes: styles/checkout.css.
 */
import { useRef, useState, type InputHTMLAttributes } from 'react';
import { useHydrated } from '~/components/use-hydrated';
import { useT } from '~/models/i18n';

export type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { 'data-testid'?: string };

export function FilePicker({ onChange, ...input }: FilePickerProps) {
  const t = useT();
  const hydrated = useHydrated();
  const ref = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <div className="ck-file-picker">
      <input
        ref={ref}
        className={hydrated ? 'ck-file-input' : 'ck-file'}
        type="file"
        onChange={(event) => {
          setChosen(Array.from(event.currentTarget.files ?? [], (file) => file.name));
          onChange?.(event);
        }}
        {...input}
      />
      {hydrated ? (
        <>
          {/* the input itself is the control assistive technology reaches; this only draws it */}
          <span className="ck-file-button" aria-hidden="true" onClick={() => ref.current?.click()}>
            {t('file_choose')}
          </span>
          <span className="ck-file-chosen" data-testid="file-chosen">
            {chosen.length === 0 ? t('file_none_chosen') : chosen.length === 1 ? chosen[0] : t('file_chosen_count', { count: chosen.length, names: chosen.join(', ') })}
          </span>
        </>
      ) : null}
    </div>
  );
}
