/**
 * The sign-in form the cart's panel (and /login) and the checkout's dialog have in common: the
 * conform form built from the shared login schema, and its username and password fields, the
 * form's error line, the forgot-password link and the submit button. Each caller keeps its own
 * `<Form>` or `<fetcher.Form>`, its hidden inputs and what stands around the fields.
 */
import { getInputProps, useForm } from '@conform-to/react';
import { useMemo } from 'react';
import { FormButton } from '~/components/checkout/form-button';
import { FieldShell } from '~/components/checkout/form-fields';
import { touchForm, useFormChecks } from '~/models/forms/checks-later';
import { useT, useTranslator } from '~/models/i18n';

/** What a route's action answers for intent=login, as conform reads it back. */
export type LoginResult = { status?: 'success' | 'error'; error?: Record<string, string[] | null> | null };

export function useLoginForm({ id, lastResult }: { id: string; lastResult: LoginResult | undefined }) {
  const translator = useTranslator();
  // the browser checks from the form's first touch on (ADR 216); before, the server does
  const checks = useFormChecks();
  const schema = useMemo(() => checks?.buildLoginSchema(translator), [checks, translator]);
  return useForm({
    id,
    lastResult: lastResult as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: checks && schema ? ({ formData }) => checks.parseWithZod(formData, { schema, disableAutoCoercion: true }) : undefined,
  });
}

type LoginForm = ReturnType<typeof useLoginForm>;

/** What FieldShell reads of a field, from the metadata conform gives the form. */
function shellOf(meta: LoginForm[1]['username']) {
  return { id: meta.id, errorId: meta.errorId, descriptionId: meta.descriptionId, error: meta.errors?.[0], initialValue: meta.initialValue, key: meta.key };
}

/**
 * Native fields and button with the static classes of styles/checkout.css, drawn as Chakra's
 * Field, Input and Button were: the cart's first screen renders them without Chakra's runtime,
 * and they look the same inside the checkout's Chakra dialog.
 */
export function LoginFormFields({
  form,
  fields,
  submitting,
  forgotTestId,
  submitTestId,
}: {
  form: LoginForm[0];
  fields: LoginForm[1];
  submitting: boolean;
  forgotTestId?: string;
  submitTestId?: string;
}) {
  const t = useT();
  return (
    <>
      <FieldShell name={fields.username.name} label={t('login_username')} field={shellOf(fields.username)}>
        <input className="ck-input" {...getInputProps(fields.username, { type: 'text' })} key={fields.username.key} autoComplete="username" onFocus={touchForm} />
      </FieldShell>
      <FieldShell name={fields.password.name} label={t('login_password')} field={shellOf(fields.password)}>
        <input className="ck-input" {...getInputProps(fields.password, { type: 'password' })} key={fields.password.key} autoComplete="current-password" onFocus={touchForm} />
      </FieldShell>
      {form.errors?.length ? (
        <p className="ck-error-text" role="alert" data-testid="login-error">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="ck-between">
        <a href="/forgotpass" className="ck-link pay-sm" data-testid={forgotTestId}>
          {t('login_forgot_pass')}
        </a>
        <FormButton type="submit" palette="teal" loading={submitting} onPointerDown={touchForm} data-testid={submitTestId}>
          {t('login_button')}
        </FormButton>
      </div>
    </>
  );
}
