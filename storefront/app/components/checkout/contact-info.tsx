/**
 * The guest's contact info, built from the site's enable/require settings and custom
 * labels, and the login info of the account the checkout creates.
 */
import { PROFILE_IMAGE_EXTENSIONS, type CustomLabel } from '@sala/shared/schemas';
import { useT } from '~/models/i18n';
import { CheckboxGroupField, FileField, RadioField, SelectField, TextareaField, TextField, labelOptions } from './form-fields';
import type { CheckoutSettings, UserGroupView } from '~/models/checkout/types';

const IMAGE_ACCEPT = PROFILE_IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function CustomLabelField({ label }: { label: CustomLabel }) {
  const t = useT();
  const name = `customLabels.${label.id}`;
  const required = Boolean(label.required);
  const options = labelOptions(label.item_list);
  switch (label.type_label) {
    case 'select':
      return <SelectField name={name} label={label.label} required={required} options={options} placeholder={t('select_placeholder')} />;
    case 'multiple':
    case 'checkbox':
      return <CheckboxGroupField name={name} label={label.label} required={required} options={options} />;
    case 'radio':
      return <RadioField name={name} label={label.label} required={required} options={options} />;
    case 'image':
      return <FileField name={name} label={label.label} required={required} accept=".jpg,.jpeg,.png,.gif,.webp" hint={t('upload_picture_hint')} />;
    default:
      return <TextField name={name} label={label.label} required={required} />;
  }
}

export function ContactInfo({ settings, customLabels, userGroups }: { settings: CheckoutSettings; customLabels: CustomLabel[]; userGroups: UserGroupView[] }) {
  const t = useT();
  const fields = settings.registration;
  const labels = [...customLabels].sort((a, b) => a.order_label - b.order_label);
  return (
    <div className="ck-stack" data-testid="checkout-contact">
      <div className="ck-grid-2">
        {fields.firstname.isEnable ? <TextField name="firstname" label={t('register_firstname')} required={fields.firstname.isRequire} autoComplete="given-name" maxLength={255} /> : null}
        {fields.lastname.isEnable ? <TextField name="lastname" label={t('register_lastname')} required={fields.lastname.isRequire} autoComplete="family-name" maxLength={255} /> : null}
        {fields.nickname.isEnable ? <TextField name="nickname" label={t('register_nickname')} required={fields.nickname.isRequire} autoComplete="nickname" maxLength={255} /> : null}
        <TextField name="email" type="email" label={t('register_email')} required autoComplete="email" />
        {fields.tel.isEnable ? <TextField name="tel" type="tel" inputMode="numeric" label={t('register_tel')} required={fields.tel.isRequire} autoComplete="tel" maxLength={10} /> : null}
        {settings.chooseUserGroup ? (
          <SelectField
            name="userGroupId"
            label={t('register_user_group')}
            required={fields.userGroupRequired}
            options={userGroups.map((group) => ({ value: String(group.id), label: group.name }))}
            placeholder={t('select_placeholder')}
            defaultValue={String(userGroups.find((group) => group.isDefault)?.id ?? '')}
          />
        ) : null}
      </div>
      {fields.address.isEnable ? <TextareaField name="address" label={t('register_address')} required={fields.address.isRequire} /> : null}
      {fields.profileImage.isEnable ? (
        <FileField name="profileImage" label={t('register_profile_picture')} required={fields.profileImage.isRequire} accept={IMAGE_ACCEPT} hint={t('upload_picture_hint')} />
      ) : null}
      {labels.map((label) => (
        <CustomLabelField key={label.id} label={label} />
      ))}
    </div>
  );
}

export function LoginInfo() {
  const t = useT();
  return (
    <div className="ck-stack" data-testid="checkout-login-info">
      <TextField name="username" label={t('register_username')} required autoComplete="username" hint={t('register_username_hint')} maxLength={255} />
      <div className="ck-grid-2">
        <TextField name="newPassword" type="password" label={t('register_new_password')} required autoComplete="new-password" />
        <TextField name="confirmNewPassword" type="password" label={t('register_confirm_password')} required autoComplete="new-password" />
      </div>
    </div>
  );
}
