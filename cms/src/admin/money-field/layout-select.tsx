import { Field, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { SITE_LAYOUTS } from '@sala/shared/constants';
import { LAYOUT_NAME_KEYS } from './layout-names';
import type { EditorFieldProps } from './field-props';
import { useText } from './texts';

/** The site's course page layout, picked by name instead of a bare code (ADR 165). */
export default function LayoutSelect({ name, label, required, disabled, labelAction, value, error, onChange }: EditorFieldProps) {
  const text = useText();
  return (
    <Field.Root name={name} id={name} hint={text('site_layout_field_description')} error={error} required={required}>
      <Field.Label action={labelAction}>{label}</Field.Label>
      <SingleSelect value={typeof value === 'string' ? value : undefined} placeholder={text('site_layout_placeholder')} disabled={disabled} onChange={(next) => onChange(name, String(next))}>
        {SITE_LAYOUTS.map((layout) => (
          <SingleSelectOption key={layout} value={layout}>
            {text(LAYOUT_NAME_KEYS[layout])}
          </SingleSelectOption>
        ))}
      </SingleSelect>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}
