/**
 * The login / registration modal (85% of the screen wide, at most 750 px). Logging in posts
 * to the course route's action (intent=login), which keeps the token in the session cookie.
 * Registering is the checkout form itself on the registration layout, so that tab leads there.
 */
import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, chakra } from '@chakra-ui/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { buildLoginSchema } from '@sala/shared/schemas';
import { useFetcher } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocale, useT, useTexts } from '~/lib/i18n';
import { translatorFromTexts } from './settings';

type LoginFetcherData = { intent: 'login'; ok?: boolean; lastResult: { status?: 'success' | 'error'; error?: Record<string, string[] | null> | null } };

const Tab = chakra('button', {
  base: {
    flex: '1',
    py: '2.5',
    fontWeight: '600',
    borderBottomWidth: '2px',
    borderColor: 'border',
    color: 'fg.muted',
    cursor: 'pointer',
    '&[aria-selected=true]': { color: 'brand', borderColor: 'brand' },
  },
});

export default function AuthModal({ open, onOpenChange, initialTab = 'login' }: { open: boolean; onOpenChange: (open: boolean) => void; initialTab?: 'login' | 'register' }) {
  const t = useT();
  const texts = useTexts();
  const locale = useLocale();
  const [tab, setTab] = useState(initialTab);
  const fetcher = useFetcher<LoginFetcherData>();
  const lastResult = fetcher.data?.intent === 'login' ? fetcher.data.lastResult : undefined;
  const schema = useMemo(() => buildLoginSchema(translatorFromTexts(texts, locale)), [texts, locale]);
  const [form, fields] = useForm({
    id: 'login-form',
    lastResult: lastResult as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'login' && fetcher.data.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);

  const goToRegistration = () => {
    onOpenChange(false);
    const target = document.getElementById('checkout');
    if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else window.location.assign('/register');
  };

  return (
    <Dialog.Root open={open} onOpenChange={(event) => onOpenChange(event.open)} placement="center" lazyMount>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="85%" maxW="750px" data-testid="auth-modal">
            <Dialog.Header>
              <Dialog.Title>{tab === 'login' ? t('login_title') : t('register_modal_register')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <chakra.div role="tablist" display="flex" mb="5">
                <Tab type="button" role="tab" aria-selected={tab === 'login'} onClick={() => setTab('login')}>
                  {t('register_modal_login')}
                </Tab>
                <Tab type="button" role="tab" aria-selected={tab === 'register'} onClick={() => setTab('register')}>
                  {t('register_modal_register')}
                </Tab>
              </chakra.div>
              {tab === 'login' ? (
                <fetcher.Form method="post" {...getFormProps(form)}>
                  <input type="hidden" name="intent" value="login" />
                  <Stack gap="4">
                    <chakra.p color="fg.muted">{t('login_description')}</chakra.p>
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
                      <chakra.a href="/forgotpass" color="brand" textDecoration="underline" fontSize="sm">
                        {t('login_forgot_pass')}
                      </chakra.a>
                      <Button type="submit" colorPalette="teal" loading={fetcher.state !== 'idle'}>
                        {t('login_button')}
                      </Button>
                    </chakra.div>
                  </Stack>
                </fetcher.Form>
              ) : (
                <Stack gap="4">
                  <chakra.p>{t('register_modal_hint')}</chakra.p>
                  <Button type="button" colorPalette="teal" onClick={goToRegistration}>
                    {t('login_register_button')}
                  </Button>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
