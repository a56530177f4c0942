/** The upload control's list: a thumbnail (or a player) per file, a badge on new ones, a trash button each. */
import { chakra } from '@chakra-ui/react';
import { useT } from '~/models/i18n';
import type { UploadItem, UploadType } from '~/models/upload/upload-logic';
import { SafeImage, TrashIcon } from './upload-images';

export function UploadGrid({
  items,
  type,
  columns,
  disabled,
  onPreview,
  onDelete,
}: {
  items: readonly UploadItem[];
  type: UploadType;
  columns: number;
  disabled?: boolean;
  onPreview: (index: number) => void;
  onDelete: (index: number) => void;
}) {
  const t = useT();
  return (
    <chakra.ul
      listStyleType="none"
      display="grid"
      gap="3"
      gridTemplateColumns={{ base: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`, md: `repeat(${columns}, minmax(0, 1fr))` }}
      data-columns={columns}
    >
      {items.map((item, index) => (
        <chakra.li key={item.key} position="relative" borderWidth="1px" borderColor="border" borderRadius="md" overflow="hidden" bg="bg.subtle" data-testid="upload-item" data-kind={item.kind}>
          {type === 'video' ? (
            <chakra.video src={item.url} controls preload="metadata" w="full" display="block" aria-label={t('upload_video_label', { name: item.name })} />
          ) : (
            <chakra.button
              type="button"
              display="block"
              w="full"
              aspectRatio="1"
              cursor="zoom-in"
              onClick={() => onPreview(index)}
              aria-label={t('upload_open_preview', { n: index + 1, total: items.length, name: item.name })}
              _focusVisible={{ outline: '3px solid', outlineColor: 'teal.500', outlineOffset: '-3px' }}
            >
              <SafeImage src={item.url} alt={item.name} fit="cover" />
            </chakra.button>
          )}
          {item.kind === 'added' ? (
            <chakra.span position="absolute" top="1.5" left="1.5" px="1.5" py="0.5" borderRadius="sm" bg="teal.700" color="white" fontSize="xs" fontWeight="600">
              {t('upload_new_badge')}
            </chakra.span>
          ) : null}
          <chakra.button
            type="button"
            position="absolute"
            top="1.5"
            right="1.5"
            w="9"
            h="9"
            display="flex"
            alignItems="center"
            justifyContent="center"
            borderRadius="full"
            bg="white"
            color="red.600"
            boxShadow="sm"
            disabled={disabled}
            _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
            _hover={{ bg: 'red.50' }}
            _focusVisible={{ outline: '3px solid', outlineColor: 'red.500' }}
            onClick={() => onDelete(index)}
            aria-label={t('upload_delete_item', { n: index + 1, name: item.name })}
          >
            <TrashIcon />
          </chakra.button>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
