/**
 * Form fields on Chakra's Field, wired to conform by name: conform's ids replace Chakra's
 * (so the label, the input and its error stay linked), its errors show under the input,
 * and a value the server sent back fills the input again.
 */
import { Checkbox, Field, Fieldset, Input, NativeSelect, RadioGroup, Stack, Textarea, chakra } from '@chakra-ui/react';
import { useField } from '@conform-to/react';
import type { ComponentProps, ReactNode } from 'react';

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
export function useFieldError(name: string): { id: string; errorId: string; descriptionId: string; error: string | undefined; initialValue: unknown; key: string | undefined } {
  const [meta] = useField(name);
  return { id: meta.id, errorId: meta.errorId, descriptionId: meta.descriptionId, error: meta.errors?.[0], initialValue: meta.initialValue, key: meta.key };
}

function Shell({ name, label, required, hint, children, field }: BaseProps & { children: ReactNode; field: ReturnType<typeof useFieldError> }) {
  return (
    <Field.Root
      invalid={Boolean(field.error)}
      required={required}
      ids={{ control: field.id, errorText: field.errorId, helperText: field.descriptionId, label: `${field.id}-label` }}
      data-field={name}
    >
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
      <Field.ErrorText>{field.error}</Field.ErrorText>
    </Field.Root>
  );
}

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'required'>;

export function TextField({ name, label, required, hint, ...input }: BaseProps & InputProps) {
  const field = useFieldError(name);
  return (
    <Shell name={name} label={label} required={required} hint={hint} field={field}>
      <Input key={field.key} name={name} defaultValue={input.type === 'password' ? undefined : first(field.initialValue)} {...input} />
    </Shell>
  );
}

export function TextareaField({ name, label, required, hint, rows = 3 }: BaseProps & { rows?: number }) {
  const field = useFieldError(name);
  return (
    <Shell name={name} label={label} required={required} hint={hint} field={field}>
      <Textarea key={field.key} name={name} rows={rows} defaultValue={first(field.initialValue)} />
    </Shell>
  );
}

export type Option = { value: string; label: string };

export function SelectField({ name, label, required, hint, options, placeholder, defaultValue }: BaseProps & { options: Option[]; placeholder?: string; defaultValue?: string }) {
  const field = useFieldError(name);
  return (
    <Shell name={name} label={label} required={required} hint={hint} field={field}>
      <NativeSelect.Root>
        <NativeSelect.Field key={field.key} name={name} defaultValue={first(field.initialValue) ?? defaultValue ?? ''}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Shell>
  );
}

const FileInput = chakra('input', {
  base: {
    display: 'block',
    w: 'full',
    maxW: 'full',
    fontSize: 'sm',
    py: '2',
    '&::file-selector-button': {
      mr: '3',
      px: '3',
      py: '1.5',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'border',
      bg: 'bg.subtle',
      cursor: 'pointer',
      fontFamily: 'inherit',
    },
  },
});

/** A file input; the action uploads what it holds (POST /api/home/test_upload) before using the names. */
export function FileField({ name, label, required, hint, accept, multiple }: BaseProps & { accept?: string; multiple?: boolean }) {
  const field = useFieldError(name);
  return (
    <Shell name={name} label={label} required={required} hint={hint} field={field}>
      <Field.Context>
        {(context) => <FileInput {...(context.getInputProps() as object)} type="file" name={name} accept={accept} multiple={multiple} />}
      </Field.Context>
    </Shell>
  );
}

/** Several choices of one field (checkboxes posting the same name), in a fieldset: a Field would give every box one id. */
export function CheckboxGroupField({ name, label, required, hint, options }: BaseProps & { options: Option[] }) {
  const field = useFieldError(name);
  const chosen = list(field.initialValue);
  return (
    <Fieldset.Root invalid={Boolean(field.error)} data-field={name} id={field.id} aria-describedby={field.error ? field.errorId : undefined}>
      <Fieldset.Legend fontSize="sm" fontWeight="500" color="fg">
        {label}
        {required ? <chakra.span color="fg.error"> *</chakra.span> : null}
      </Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="2">
          {options.map((option) => (
            <Checkbox.Root key={`${field.key ?? ''}${option.value}`} name={name} value={option.value} defaultChecked={chosen.includes(option.value)} colorPalette="teal">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{option.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Fieldset.Content>
      {hint ? <Fieldset.HelperText>{hint}</Fieldset.HelperText> : null}
      {field.error ? <Fieldset.ErrorText id={field.errorId}>{field.error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

/** One choice of several, as radios. */
export function RadioField({ name, label, required, hint, options }: BaseProps & { options: Option[] }) {
  const field = useFieldError(name);
  return (
    <Fieldset.Root invalid={Boolean(field.error)} data-field={name} id={field.id} aria-describedby={field.error ? field.errorId : undefined}>
      <Fieldset.Legend fontSize="sm" fontWeight="500" color="fg">
        {label}
        {required ? <chakra.span color="fg.error"> *</chakra.span> : null}
      </Fieldset.Legend>
      <Fieldset.Content>
        <RadioGroup.Root key={field.key} name={name} defaultValue={first(field.initialValue)}>
          <Stack gap="2">
            {options.map((option) => (
              <RadioGroup.Item key={option.value} value={option.value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Fieldset.Content>
      {hint ? <Fieldset.HelperText>{hint}</Fieldset.HelperText> : null}
      {field.error ? <Fieldset.ErrorText id={field.errorId}>{field.error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

/** Options of a custom label: `item_list` holds `{ value, label }` objects or plain values. */
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
