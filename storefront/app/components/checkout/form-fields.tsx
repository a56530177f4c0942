/**
 * Form fields as native controls with the static classes of styles/checkout.css, wired to
 * conform by name: conform's ids link the label, the control and its error, its errors show
 * under the control, and a value the server sent back fills the control again. No styling
 * runs while a page renders (the checkout form is rendered on the server on hot pages).
 */
import { useField } from '@conform-to/react';
import { type InputHTMLAttributes, type ReactNode } from 'react';
import { FilePicker } from '~/components/file-picker';
import { cx } from '~/components/class-names';

type BaseProps = { name: string; label: ReactNode; required?: boolean; hint?: ReactNode };

function first(value: unknown): string | undefined {
  if (Array.isArray(value)) return first(value[0]);
  return typeof value === 'string' ? value : undefined;
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** The error of a field as conform holds it (from the browser's check or the server's reply). */
export function useFieldError(name: string): {
  id: string;
  errorId: string;
  descriptionId: string;
  error: string | undefined;
  initialValue: unknown;
  key: string | undefined;
} {
  const [meta] = useField(name);
  return { id: meta.id, errorId: meta.errorId, descriptionId: meta.descriptionId, error: meta.errors?.[0], initialValue: meta.initialValue, key: meta.key };
}

type FieldMeta = ReturnType<typeof useFieldError>;

/** The attributes a control takes from its field: id, validity and the texts that describe it. */
export function controlProps(field: FieldMeta, { required, hint }: { required?: boolean; hint?: boolean }) {
  const describedBy = cx(hint && field.descriptionId, field.error && field.errorId);
  return { id: field.id, required: required || undefined, 'aria-invalid': field.error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A label, its control, a hint and the error, stacked as Chakra's Field was. */
export function FieldShell({ name, label, required, hint, children, field }: BaseProps & { children: ReactNode; field: FieldMeta }) {
  return (
    <div className="ck-field" data-field={name} data-invalid={field.error ? '' : undefined}>
      <label className="ck-label" id={`${field.id}-label`} htmlFor={field.id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ck-required">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <div className="ck-hint" id={field.descriptionId}>
          {hint}
        </div>
      ) : null}
      {field.error ? (
        <div className="ck-error" id={field.errorId}>
          {field.error}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'required' | 'id'>;

export function TextField({ name, label, required, hint, className, ...input }: BaseProps & InputProps) {
  const field = useFieldError(name);
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} field={field}>
      <input
        key={field.key}
        className={cx('ck-input', className)}
        name={name}
        defaultValue={input.type === 'password' ? undefined : first(field.initialValue)}
        {...controlProps(field, { required, hint: Boolean(hint) })}
        {...input}
      />
    </FieldShell>
  );
}

export function TextareaField({ name, label, required, hint, rows = 3 }: BaseProps & { rows?: number }) {
  const field = useFieldError(name);
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} field={field}>
      <textarea key={field.key} className="ck-textarea" name={name} rows={rows} defaultValue={first(field.initialValue)} {...controlProps(field, { required, hint: Boolean(hint) })} />
    </FieldShell>
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  name,
  label,
  required,
  hint,
  options,
  placeholder,
  defaultValue,
}: BaseProps & {
  options: Option[];
  placeholder?: string;
  defaultValue?: string;
}) {
  const field = useFieldError(name);
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} field={field}>
      <select key={field.key} className="ck-select" name={name} defaultValue={first(field.initialValue) ?? defaultValue ?? ''} {...controlProps(field, { required, hint: Boolean(hint) })}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A file input; the action uploads what it holds (POST /api/home/test_upload) before using the names. */
export function FileField({ name, label, required, hint, accept, multiple }: BaseProps & { accept?: string; multiple?: boolean }) {
  const field = useFieldError(name);
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} field={field}>
      <FilePicker name={name} accept={accept} multiple={multiple} {...controlProps(field, { required, hint: Boolean(hint) })} />
    </FieldShell>
  );
}

function Legend({ label, required }: { label: ReactNode; required?: boolean }) {
  return (
    <legend className="ck-legend">
      {label}
      {required ? <span className="ck-error-text"> *</span> : null}
    </legend>
  );
}

/** A group of checkboxes or radios in a fieldset (the boxes post one name, and one id would not fit every box): legend, the choices, the hint and the field's error. */
function ChoicesFieldset({ name, label, required, hint, field, children }: BaseProps & { field: FieldMeta; children: ReactNode }) {
  return (
    <fieldset className="ck-fieldset" data-field={name} data-invalid={field.error ? '' : undefined} id={field.id} aria-describedby={field.error ? field.errorId : undefined}>
      <Legend label={label} required={required} />
      {children}
      {hint ? <div className="ck-hint">{hint}</div> : null}
      {field.error ? (
        <div className="ck-error" id={field.errorId}>
          {field.error}
        </div>
      ) : null}
    </fieldset>
  );
}

/** Several choices of one field, as checkboxes. */
export function CheckboxGroupField({ name, label, required, hint, options }: BaseProps & { options: Option[] }) {
  const field = useFieldError(name);
  const chosen = list(field.initialValue);
  return (
    <ChoicesFieldset name={name} label={label} required={required} hint={hint} field={field}>
      <div className="ck-choices">
        {options.map((option) => (
          <label key={`${field.key ?? ''}${option.value}`} className="ck-check">
            <input className="ck-box" type="checkbox" name={name} value={option.value} defaultChecked={chosen.includes(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </ChoicesFieldset>
  );
}

/** One choice of several, as radios. */
export function RadioField({ name, label, required, hint, options }: BaseProps & { options: Option[] }) {
  const field = useFieldError(name);
  const initial = first(field.initialValue);
  return (
    <ChoicesFieldset name={name} label={label} required={required} hint={hint} field={field}>
      <div className="ck-choices" key={field.key}>
        {options.map((option) => (
          <label key={option.value} className="ck-check ck-neutral">
            <input className="ck-radio" type="radio" name={name} value={option.value} defaultChecked={initial === option.value} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </ChoicesFieldset>
  );
}

export function labelOptions(itemList: unknown): Option[] {
  if (!Array.isArray(itemList)) return [];
  return itemList.flatMap((item): Option[] => {
    if (typeof item === 'string' || typeof item === 'number') return [{ value: String(item), label: String(item) }];
    if (item && typeof item === 'object') {
      const { value, label } = item as { value?: unknown; label?: unknown };
      if (typeof value === 'string' || typeof value === 'number') return [{ value: String(value), label: typeof label === 'string' ? label : String(value) }];
    }
    return [];
  });
}
