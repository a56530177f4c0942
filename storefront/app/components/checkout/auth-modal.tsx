/**
 * The login / registration modal (85% of the screen wide, at most 750 px). Logging in posts
 * to the course route's action (intent=login), which keeps the token in the session cookie.
 * Registering is the checkout form itself on the registration layout, so that tab leads there.
 */
import { Button, CloseButton, Dialog, Portal, Stack, chakra } from '@chakra-ui/react';
import { getFormProps } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { LoginFormFields, useLoginForm, type LoginResult } from '~/components/auth/login-form-fields';
import { useT } from '~/models/i18n';
import { withChakra } from '~/components/provider';

type LoginFetcherData = { intent: 'login'; ok?: boolean; lastResult: LoginResult };

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

function AuthModal({ open, onOpenChange, initialTab = 'login' }: { open: boolean; onOpenChange: (open: boolean) => void; initialTab?: 'login' | 'register' }) {
  const t = useT();
  const [tab, setTab] = useState(initialTab);
  const fetcher = useFetcher<LoginFetcherData>();
  const lastResult = fetcher.data?.intent === 'login' ? fetcher.data.lastResult : undefined;
  const [form, fields] = useLoginForm({ id: 'login-form', lastResult });

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
                    <LoginFormFields form={form} fields={fields} submitting={fetcher.state !== 'idle'} />
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
export default withChakra(AuthModal);
