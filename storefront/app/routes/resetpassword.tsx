/**
 * /resetpassword?code=...: the link of the forgot-password mail. Sets a new password with
 * the link's code; then the student logs in with it (/login).
 */
import { Alert, Button, Field, Input, Stack, chakra } from '@chakra-ui/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { buildResetPasswordSchema } from '@sala/shared/schemas';
import { useMemo } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { resetPassword } from '~/lib/auth.server';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { textsOfMatches, translatorFromTexts, useT, useTranslator } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

export function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get('code') ?? '';
  // The code is a credential: no cache, no referrer to other sites.
  return data({ code }, { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
}

export async function action({ request }: ActionFunctionArgs) {
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const submission = parseWithZod(await request.formData(), { schema: buildResetPasswordSchema(t), disableAutoCoercion: true });
  const headers = { 'Cache-Control': 'no-store' };
  const hide = ['password', 'passwordConfirmation'];
  if (submission.status !== 'success') return data({ lastResult: submission.reply({ hideFields: hide }), done: false }, { headers });
  try {
    await resetPassword(submission.value, { locale, signal: request.signal });
  } catch (error) {
    if (error instanceof CmsApiError) {
      const fieldErrors: Record<string, string[]> = {};
      for (const [field, message] of Object.entries(error.errors ?? {})) fieldErrors[field === 'code' ? '' : field] = Array.isArray(message) ? message : [message];
      const reply = Object.keys(fieldErrors).length > 0 ? { fieldErrors, hideFields: hide } : { formErrors: [error.msg], hideFields: hide };
      return data({ lastResult: submission.reply(reply), done: false }, { headers });
    }
    if (error instanceof CmsError) return data({ lastResult: submission.reply({ formErrors: [t('server_error_title')], hideFields: hide }), done: false }, { status: 503, headers });
    throw error;
  }
  return data({ lastResult: submission.reply({ resetForm: true }), done: true }, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': loaderHeaders.get('Referrer-Policy') ?? 'no-referrer' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.reset_title ?? 'Set a new password'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

function ResetPasswordRoute() {
  const { code } = useLoaderData<typeof loader>();
  const t = useT();
  const translator = useTranslator();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const schema = useMemo(() => buildResetPasswordSchema(translator), [translator]);
  const [form, fields] = useForm({
    id: 'reset-form',
    lastResult: actionData?.lastResult as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const problem = form.errors?.[0];
  return (
    <chakra.div maxW="lg" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <chakra.section borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg" p={{ base: '4', md: '6' }} data-testid="reset-panel">
        <chakra.h1 fontSize="xl" fontWeight="700" mb="5">
          {t('reset_title')}
        </chakra.h1>
        {actionData?.done ? (
          <Stack gap="4">
            <Alert.Root status="success" data-testid="reset-done">
              <Alert.Indicator />
              <Alert.Title>{t('reset_done')}</Alert.Title>
            </Alert.Root>
            <chakra.a
              href="/login"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              minH="10"
              px="5"
              borderRadius="lg"
              bg="brand"
              color="white"
              fontWeight="600"
              data-testid="reset-login"
            >
              {t('login_button')}
            </chakra.a>
          </Stack>
        ) : !code ? (
          <Alert.Root status="warning" data-testid="reset-error">
            <Alert.Indicator />
            <Alert.Title>
              {t('reset_code_invalid')}{' '}
              <chakra.a href="/forgotpass" textDecoration="underline">
                {t('reset_request_again')}
              </chakra.a>
            </Alert.Title>
          </Alert.Root>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="code" value={code} />
            <Stack gap="4">
              <Field.Root invalid={Boolean(fields.password.errors)} ids={{ control: fields.password.id, errorText: fields.password.errorId }}>
                <Field.Label>{t('reset_password')}</Field.Label>
                <Input {...getInputProps(fields.password, { type: 'password' })} key={fields.password.key} autoComplete="new-password" />
                <Field.ErrorText>{fields.password.errors?.[0]}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(fields.passwordConfirmation.errors)} ids={{ control: fields.passwordConfirmation.id, errorText: fields.passwordConfirmation.errorId }}>
                <Field.Label>{t('reset_confirm')}</Field.Label>
                <Input {...getInputProps(fields.passwordConfirmation, { type: 'password' })} key={fields.passwordConfirmation.key} autoComplete="new-password" />
                <Field.ErrorText>{fields.passwordConfirmation.errors?.[0]}</Field.ErrorText>
              </Field.Root>
              {problem || fields.code.errors?.length ? (
                <Alert.Root status="error" data-testid="reset-error">
                  <Alert.Indicator />
                  <Alert.Title>
                    {problem ?? fields.code.errors?.[0]}{' '}
                    <chakra.a href="/forgotpass" textDecoration="underline">
                      {t('reset_request_again')}
                    </chakra.a>
                  </Alert.Title>
                </Alert.Root>
              ) : null}
              <Button type="submit" colorPalette="teal" loading={navigation.state === 'submitting'} data-testid="reset-submit">
                {t('reset_submit')}
              </Button>
            </Stack>
          </Form>
        )}
      </chakra.section>
    </chakra.div>
  );
}
export default withChakra(ResetPasswordRoute);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
