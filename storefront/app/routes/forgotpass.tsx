/**
 * /forgotpass: asks for the account's e-mail address and has the CMS mail a link to
 * /resetpassword. The answer is the same whether the address has an account or not.
 */
import { Alert, Button, Field, Input, Stack, chakra } from '@chakra-ui/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { buildForgotPasswordSchema } from '@sala/shared/schemas';
import { useMemo } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PRIVATE_NO_STORE, requestPasswordReset } from '~/lib/auth.server';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { textsOfMatches, translatorFromTexts, useT, useTranslator } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

export async function action({ request }: ActionFunctionArgs) {
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const submission = parseWithZod(await request.formData(), { schema: buildForgotPasswordSchema(t), disableAutoCoercion: true });
  const headers = { 'Cache-Control': PRIVATE_NO_STORE };
  if (submission.status !== 'success') return data({ lastResult: submission.reply(), sent: false }, { headers });
  try {
    await requestPasswordReset(submission.value.email, { locale, signal: request.signal });
  } catch (error) {
    if (error instanceof CmsApiError) {
      const message = error.code === 'TOO_MANY_REQUESTS' ? error.msg : ((error.errors?.email as string | undefined) ?? error.msg);
      return data({ lastResult: submission.reply({ formErrors: [String(message)] }), sent: false }, { headers });
    }
    if (error instanceof CmsError) return data({ lastResult: submission.reply({ formErrors: [t('server_error_title')] }), sent: false }, { status: 503, headers });
    throw error;
  }
  return data({ lastResult: submission.reply({ resetForm: true }), sent: true }, { headers });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.forgot_title ?? 'Forgot password'} | ${texts?.site_name ?? 'Sala'}` }];
};

function ForgotPasswordRoute() {
  const t = useT();
  const translator = useTranslator();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const schema = useMemo(() => buildForgotPasswordSchema(translator), [translator]);
  const [form, fields] = useForm({
    id: 'forgot-form',
    lastResult: actionData?.lastResult as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  return (
    <chakra.div maxW="lg" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <chakra.section borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg" p={{ base: '4', md: '6' }} data-testid="forgot-panel">
        <chakra.h1 fontSize="xl" fontWeight="700">
          {t('forgot_title')}
        </chakra.h1>
        <chakra.p color="fg.muted" mt="1" mb="5">
          {t('forgot_description')}
        </chakra.p>
        {actionData?.sent ? (
          <Alert.Root status="success" mb="4" data-testid="forgot-sent">
            <Alert.Indicator />
            <Alert.Title>{t('forgot_sent')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="4">
            <Field.Root invalid={Boolean(fields.email.errors)} ids={{ control: fields.email.id, errorText: fields.email.errorId }}>
              <Field.Label>{t('forgot_email')}</Field.Label>
              <Input {...getInputProps(fields.email, { type: 'email' })} key={fields.email.key} autoComplete="email" />
              <Field.ErrorText>{fields.email.errors?.[0]}</Field.ErrorText>
            </Field.Root>
            {form.errors?.length ? (
              <chakra.p color="fg.error" role="alert">
                {form.errors[0]}
              </chakra.p>
            ) : null}
            <Button type="submit" colorPalette="teal" loading={navigation.state === 'submitting'} data-testid="forgot-submit">
              {t('forgot_submit')}
            </Button>
            <chakra.a href="/login" color="brand" textDecoration="underline" fontSize="sm">
              {t('login_back')}
            </chakra.a>
          </Stack>
        </Form>
      </chakra.section>
    </chakra.div>
  );
}
export default withChakra(ForgotPasswordRoute);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
