/**
 * The sign-in form the cart's panel (and /login) and the checkout's dialog have in common: the
 * conform form built from the shared login schema, and its username and password fields, the
 * form's error line, the forgot-password link and the submit button. Each caller keeps its own
 * `<Form>` or `<fetcher.Form>`, its hidden inputs and what stands around the fields.
 */
import { Button, Field, Input, chakra } from '@chakra-ui/react';
import { getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { buildLoginSchema } from '@sala/shared/schemas';
import { useMemo } from 'react';
import { useT, useTranslator } from '~/models/i18n';

/** What a route's action answers for intent=login, as conform reads it back. */
export type LoginResult = { status?: 'success' | 'error'; error?: Record<string, string[] | null> | null };

export function useLoginForm({ id, lastResult }: { id: string; lastResult: LoginResult | undefined }) {
  const translator = useTranslator();
  const schema = useMemo(() => buildLoginSchema(translator), [translator]);
  return useForm({
    id,
    lastResult: lastResult as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type LoginForm = ReturnType<typeof useLoginForm>;

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
      <Field.Root invalid={Boolean(fields.username.errors)} ids={{ control: fields.username.id, errorText: fields.username.errorId }}>
        <Field.Label>{t('login_username')}</Field.Label>
        <Input {...getInputProps(fields.username, { type: 'text' })} key={fields.username.key} autoComplete="username" />
        <Field.ErrorText>{fields.username.errors?.[0]}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(fields.password.errors)} ids={{ control: fields.password.id, errorText: fields.password.errorId }}>
        <Field.Label>{t('login_password')}</Field.Label>
        <Input {...getInputProps(fields.password, { type: 'password' })} key={fields.password.key} autoComplete="current-password" />
        <Field.ErrorText>{fields.password.errors?.[0]}</Field.ErrorText>
      </Field.Root>
      {form.errors?.length ? (
        <chakra.p color="fg.error" role="alert" data-testid="login-error">
          {form.errors[0]}
        </chakra.p>
      ) : null}
      <chakra.div display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="3">
        <chakra.a href="/forgotpass" color="brand" textDecoration="underline" fontSize="sm" data-testid={forgotTestId}>
          {t('login_forgot_pass')}
        </chakra.a>
        <Button type="submit" colorPalette="teal" loading={submitting} data-testid={submitTestId}>
          {t('login_button')}
        </Button>
      </chakra.div>
    </>
  );
}
