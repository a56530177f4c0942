/**
 * The modal of a session the CMS no longer takes (spec §6, ADR 179): "session expired" signs in
 * again and comes back to this page; "not allowed" (the student left the whitelist) signs out.
 * Both leave through /logout, so the refused token leaves the session cookie; neither closes
 * any other way, since every private call of the page would be refused again.
 */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import type { SessionRefusal } from '~/models/session/refusal';
import { signInAgainPath } from '~/models/session/refusal';
import { useT } from '~/models/i18n';
import { withChakra } from '~/components/provider';

function SessionRefusalDialog({ refusal }: { refusal: SessionRefusal }) {
  const t = useT();
  const location = useLocation();
  const expired = refusal === 'expired';
  const testId = expired ? 'session-expired-modal' : 'session-signout-modal';
  return (
    <Dialog.Root open placement="center" role="alertdialog" closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{expired ? t('session_expired_title') : t('signout_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <p>{expired ? t('session_expired_body') : t('session_signout_body')}</p>
            </Dialog.Body>
            <Dialog.Footer>
              <form method="post" action="/logout">
                <input type="hidden" name="redirect" value={expired ? signInAgainPath(location) : '/'} />
                <Button type="submit" colorPalette="teal" data-testid={expired ? 'session-sign-in-again' : 'session-sign-out'}>
                  {expired ? t('session_expired_sign_in') : t('session_signout_button')}
                </Button>
              </form>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
export default withChakra(SessionRefusalDialog);
