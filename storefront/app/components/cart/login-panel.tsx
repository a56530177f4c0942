/**
 * The sign-in panel of the cart (and of /login): username, password (Enter submits), the
 * forgot-password link, the register button and three social sign-in buttons, all coming
 * back to `redirectTo`. It posts to the route it sits on (intent=login); the action keeps
 * the token in the session cookie and redirects.
 */
import { Stack, chakra } from '@chakra-ui/react';
import { getFormProps } from '@conform-to/react';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { LoginFormFields, useLoginForm, type LoginResult } from '~/components/auth/login-form-fields';
import { useT } from '~/models/i18n';

type LoginActionData = { intent?: string; lastResult?: LoginResult };

export const SOCIAL_PROVIDERS = [
  { id: 'facebook', key: 'login_social_facebook', color: '#1877F2' },
  { id: 'google', key: 'login_social_google', color: '#3C4043' },
  { id: 'line', key: 'login_social_line', color: '#06C755' },
] as const;

const SocialLink = chakra('a', {
  base: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minH: '10',
    px: '4',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    fontWeight: '600',
    fontSize: 'sm',
    textAlign: 'center',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
});

export function LoginPanel({ redirectTo, description }: { redirectTo: string; description?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const actionData = useActionData<LoginActionData>();
  const lastResult = actionData?.intent === 'login' ? actionData.lastResult : undefined;
  const [form, fields] = useLoginForm({ id: 'cart-login-form', lastResult });
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'login';
  const back = encodeURIComponent(redirectTo);

  return (
    <chakra.section
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      bg="bg"
      p={{ base: '4', md: '6' }}
      maxW="lg"
      mx="auto"
      w="full"
      data-testid="login-panel"
      aria-labelledby="login-panel-title"
    >
      <chakra.h2 id="login-panel-title" fontSize="xl" fontWeight="700">
        {t('login_title')}
      </chakra.h2>
      <chakra.p color="fg.muted" mt="1" mb="5">
        {description ?? t('login_description')}
      </chakra.p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirect" value={redirectTo} />
        <Stack gap="4">
          <LoginFormFields form={form} fields={fields} submitting={submitting} forgotTestId="forgot-link" submitTestId="login-submit" />
        </Stack>
      </Form>

      <chakra.div mt="6" pt="5" borderTopWidth="1px" borderColor="border">
        <chakra.p fontSize="sm" color="fg.muted" mb="3">
          {t('login_social_title')}
        </chakra.p>
        <chakra.div display="grid" gridTemplateColumns="minmax(0, 1fr)" gap="2" data-testid="social-login">
          {SOCIAL_PROVIDERS.map((provider) => (
            <SocialLink key={provider.id} href={`/login/social/${provider.id}?redirect=${back}`} data-provider={provider.id}>
              <chakra.span aria-hidden w="2.5" h="2.5" borderRadius="full" flexShrink={0} style={{ background: provider.color }} />
              {t(provider.key)}
            </SocialLink>
          ))}
        </chakra.div>
      </chakra.div>

      <chakra.div mt="6" pt="5" borderTopWidth="1px" borderColor="border" display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="3">
        <chakra.span fontWeight="600">{t('login_register_title')}</chakra.span>
        <chakra.a
          href={`/register?redirect=${back}`}
          display="inline-flex"
          alignItems="center"
          minH="10"
          px="4"
          borderRadius="md"
          borderWidth="1px"
          borderColor="brand"
          color="brand"
          fontWeight="600"
          data-testid="register-link"
        >
          {t('login_register_button')}
        </chakra.a>
      </chakra.div>
    </chakra.section>
  );
}
