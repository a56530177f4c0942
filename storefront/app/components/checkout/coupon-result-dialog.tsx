/**
 * The coupon look-up's answer with the spec's titles: a Chakra dialog, loaded with the first
 * answer (the coupon box loads it lazily, ADR 215).
 */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { CouponResultModal } from '@sala/shared/texts';
import { withChakra } from '~/components/provider';
import { useT } from '~/models/i18n';

function CouponResultDialog({ modal, onClose }: { modal: CouponResultModal | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog.Root open={Boolean(modal)} onOpenChange={(event) => !event.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="coupon-result" data-kind={modal?.kind}>
            <Dialog.Header>
              <Dialog.Title color={modal?.kind === 'warning' ? 'orange.700' : 'green.700'}>{modal ? t(modal.titleKey) : null}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{modal ? t(modal.descriptionKey) : null}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="teal">{t('button_ok')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default withChakra(CouponResultDialog);
