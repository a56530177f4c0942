/** The upload control's dialogs: the large preview with its arrows, and the delete confirmation. */
import { Button, Dialog, Portal, chakra } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import { useT } from '~/models/i18n';
import type { UploadItem, UploadType } from '~/models/upload/upload-logic';
import { ArrowIcon, SafeImage } from './upload-images';

/** The preview of up to 1100 px, previous and next arrows when there is more than one file. */
export function PreviewDialog({
  item,
  index,
  count,
  onClose,
  onMove,
  onKeyDown,
}: {
  item: UploadItem | null;
  index: number | null;
  count: number;
  onClose: () => void;
  onMove: (step: number) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const t = useT();
  return (
    <Dialog.Root open={item !== null} onOpenChange={(event) => (event.open ? undefined : onClose())} placement="center" size="full" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="1100px" w="calc(100% - 2rem)" h="auto" maxH="calc(100dvh - 2rem)" my="auto" borderRadius="lg" onKeyDown={onKeyDown} data-testid="upload-preview">
            <Dialog.Header>
              <Dialog.Title fontSize="md">{index === null ? '' : t('upload_preview_title', { n: index + 1, total: count })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" alignItems="center" gap="2" pb="6">
              {count > 1 ? (
                <Button type="button" variant="ghost" size="lg" px="2" onClick={() => onMove(-1)} aria-label={t('button_previous')}>
                  <ArrowIcon direction="left" />
                </Button>
              ) : null}
              <chakra.figure flex="1" minW="0" display="flex" flexDirection="column" alignItems="center" gap="2" m="0">
                {item ? (
                  <chakra.div w="full" h={{ base: '60vh', md: '70vh' }} data-testid="upload-preview-image" data-name={item.name}>
                    <SafeImage key={item.key} src={item.url} alt={item.name} fit="contain" />
                  </chakra.div>
                ) : null}
                <chakra.figcaption fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {item?.name}
                </chakra.figcaption>
              </chakra.figure>
              {count > 1 ? (
                <Button type="button" variant="ghost" size="lg" px="2" onClick={() => onMove(1)} aria-label={t('button_next')}>
                  <ArrowIcon direction="right" />
                </Button>
              ) : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <Button type="button" variant="ghost" size="sm" position="absolute" top="2" right="2" aria-label={t('button_close')}>
                ✕
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** 'Confirm to delete this image?' with the file's thumbnail and name. */
export function DeleteDialog({ item, type, onCancel, onConfirm }: { item: UploadItem | null; type: UploadType; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  return (
    <Dialog.Root role="alertdialog" open={item !== null} onOpenChange={(event) => (event.open ? undefined : onCancel())} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="sm" w="calc(100% - 2rem)" data-testid="upload-confirm-delete">
            <Dialog.Header>
              <Dialog.Title fontSize="lg">{t('upload_confirm_delete')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {item && type === 'image' ? (
                <chakra.div w="24" h="24" borderRadius="md" overflow="hidden" borderWidth="1px" borderColor="border">
                  <SafeImage src={item.url} alt={item.name} fit="cover" />
                </chakra.div>
              ) : null}
              <chakra.p mt="2" fontSize="sm" color="fg.muted" wordBreak="break-all">
                {item?.name}
              </chakra.p>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button type="button" variant="outline">
                  {t('button_cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button type="button" colorPalette="red" onClick={onConfirm}>
                {t('button_confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
