/**
 * /register?redirect=/cart: the registration form with the site's own rules (enabled and
 * required fields, custom labels, user groups), then signed in and back to `redirect`.
 */
import { Alert, Button, Stack, chakra } from '@chakra-ui/react';
import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useMemo } from 'react';
import { ContactInfo, LoginInfo } from '~/components/checkout/contact-info';
import { keepFocusOnPress } from '~/components/checkout/first-problem';
import type { CheckoutSettings } from '~/models/checkout/types';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PRIVATE_NO_STORE, safeRedirect } from '~/lib/auth.server';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { textsOfMatches, translatorFromTexts, useT, useTranslator } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { registerSchema } from '~/models/cart/register-schema';
import { loadRegisterForm, submitRegistration } from '~/lib/register.server';
import { getSession } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirect'), '/');
  const session = await getSession(request);
  if (session.get('student')) throw redirect(redirectTo, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  const form = await loadRegisterForm({ locale: getLocale(request), signal: request.signal });
  return data({ redirectTo, form }, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const session = await getSession(request);
  const headers = { 'Cache-Control': PRIVATE_NO_STORE };
  try {
    const form = await loadRegisterForm({ locale, signal: request.signal });
    const outcome = await submitRegistration({ formData, session, form, locale, t, signal: request.signal });
    if ('setCookie' in outcome) return redirect(safeRedirect(formData.get('redirect'), '/'), { headers: { ...headers, 'Set-Cookie': outcome.setCookie } });
    return data(outcome, { headers });
  } catch (error) {
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[register] failed: ${error.message}`);
      return data({ lastResult: { status: 'error' as const, error: { '': [t('server_error_title')] } } }, { status: 503, headers });
    }
    throw error;
  }
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.register_page_title ?? 'Sign up'} | ${texts?.site_name ?? 'Sala'}` }];
};

function RegisterRoute() {
  const { redirectTo, form: registerForm } = useLoaderData<typeof loader>();
  const t = useT();
  const translator = useTranslator();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const schema = useMemo(() => registerSchema(registerForm, translator), [registerForm, translator]);
  const [form] = useForm({
    id: 'register-form',
    lastResult: actionData?.lastResult as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const settings = registerForm.settings as CheckoutSettings;
  return (
    <chakra.div maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <chakra.section borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg" p={{ base: '4', md: '6' }} data-testid="register-page">
        <chakra.h1 fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700">
          {t('register_page_title')}
        </chakra.h1>
        <chakra.p color="fg.muted" mt="1" mb="6">
          {t('register_page_description')}
        </chakra.p>
        <FormProvider context={form.context}>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <input type="hidden" name="redirect" value={redirectTo} />
            <Stack gap="6">
              <ContactInfo settings={settings} customLabels={registerForm.customLabels} userGroups={registerForm.userGroups} />
              <chakra.h2 fontSize="lg" fontWeight="700">
                {t('register_login_info')}
              </chakra.h2>
              <LoginInfo />
              {form.errors?.length ? (
                <Alert.Root status="error" data-testid="register-error">
                  <Alert.Indicator />
                  <Alert.Title>{form.errors[0]}</Alert.Title>
                </Alert.Root>
              ) : null}
              <Button type="submit" colorPalette="teal" size="lg" loading={navigation.state === 'submitting'} data-testid="register-submit" onMouseDown={keepFocusOnPress}>
                {t('register_page_submit')}
              </Button>
              <chakra.p fontSize="sm">
                {t('register_have_account')}{' '}
                <chakra.a href={`/login?redirect=${encodeURIComponent(redirectTo)}`} color="brand" textDecoration="underline">
                  {t('login_button')}
                </chakra.a>
              </chakra.p>
            </Stack>
          </Form>
        </FormProvider>
      </chakra.section>
    </chakra.div>
  );
}
export default withChakra(RegisterRoute);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
