/**
 * The account's PromptPay picture in a modal half the screen wide: a Chakra dialog, loaded when a
 * buyer first asks for a QR (the cart's payment methods load it lazily, ADR 215).
 */
import { Button, CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import { withChakra } from '~/components/provider';
import { useT } from '~/models/i18n';
import { useOpenedOnce } from './opened-once';

export type QrPicture = { image: string; title: string };

export function QrDialog({ qr, onClose }: { qr: QrPicture | null; onClose: () => void }) {
  const t = useT();
  const mounted = useOpenedOnce(Boolean(qr));
  if (!mounted) return null;
  return (
    <Dialog.Root open={Boolean(qr)} onOpenChange={(event) => !event.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content w={{ base: '90%', md: '50%' }} maxW="none" data-testid="qr-dialog">
            <Dialog.Header>
              <Dialog.Title>{qr?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" justifyContent="center">
              {qr ? <Image src={qr.image} alt={qr.title} maxW="full" h="auto" /> : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('button_close')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default withChakra(QrDialog);
