/**
 * The administrator's upload control (spec section 2): an Upload button (or the caller's
 * label), thumbnails of the chosen images or a player for a video, a preview of up to
 * 1100 px with previous and next arrows (and the arrow keys, wrapping at the ends), a trash
 * button per file that asks 'Confirm to delete this image?', a placeholder for a broken
 * image, the size hint, grids of 1 to 4 columns, the type and storage checks.
 *
 * It is controlled: the caller holds `{ fileList, deleteFileList }` (see upload-logic.ts)
 * and sends it when it saves. Files are checked here when chosen (name, type, first bytes,
 * free storage) and again by the server when they are uploaded.
 */
import { Button, Dialog, Portal, chakra } from '@chakra-ui/react';
import { IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from '@sala/shared/schemas';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { toaster } from '~/components/checkout/toaster';
import { useT } from '~/models/i18n';
import {
  REFUSAL_TEXT_KEYS,
  SIGNATURE_LENGTH,
  addFiles,
  gridColumns,
  isFull,
  refusalFor,
  removeAt,
  wrapIndex,
  type AddedFile,
  type UploadItem,
  type UploadType,
  type UploadValue,
} from '~/models/upload/upload-logic';

export type UploadControlProps = {
  /** What the files are for; names the group and the file chooser. */
  title: string;
  value: UploadValue;
  onChange: (value: UploadValue) => void;
  type?: UploadType;
  /** The button's text; Upload when not given. */
  label?: string;
  /** At most this many files; 1 makes a new file replace the current one. */
  limitFile?: number;
  /** Columns of the thumbnail grid, 1 to 4. */
  columns?: 1 | 2 | 3 | 4;
  /** The size the admin is asked to resize images to. */
  hintWidth?: number;
  hintHeight?: number;
  /** A URL answering `{ free }` (gigabytes) for the storage check; none or isNotCheckStorage skips it. */
  storageUrl?: string;
  isNotCheckStorage?: boolean;
  disabled?: boolean;
  /** Receives a refusal instead of the notification. */
  onError?: (message: string) => void;
};

const TYPE_LISTS: Record<UploadType, readonly string[]> = { image: IMAGE_EXTENSIONS, video: VIDEO_EXTENSIONS.filter((ext) => ext !== 'quicktime') };

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
    </svg>
  );
}

/** 'no image available' in place of a picture that cannot be shown. */
function NoImage() {
  const t = useT();
  return (
    <chakra.div
      data-testid="upload-no-image"
      role="img"
      aria-label={t('upload_no_image')}
      w="full"
      h="full"
      minH="24"
      display="flex"
      alignItems="center"
      justifyContent="center"
      textAlign="center"
      p="2"
      bg="bg.muted"
      color="fg.muted"
      fontSize="sm"
    >
      {t('upload_no_image')}
    </chakra.div>
  );
}

/** An image that falls back to the placeholder when it cannot load (also when it failed before hydration). */
function SafeImage({ src, alt, fit }: { src: string; alt: string; fit: 'cover' | 'contain' }) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    setBroken(false);
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, [src]);
  if (broken) return <NoImage />;
  return (
    <chakra.img
      ref={ref}
      src={src}
      alt={alt}
      onError={(_event: SyntheticEvent) => setBroken(true)}
      w="full"
      h="full"
      objectFit={fit}
      display="block"
      loading="lazy"
      decoding="async"
    />
  );
}

async function readHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SIGNATURE_LENGTH).arrayBuffer());
}

/** Free storage in gigabytes from the caller's URL; a failed call is only logged and skips the check. */
async function readFreeStorage(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { free?: unknown };
    return typeof body.free === 'number' ? body.free : null;
  } catch (error) {
    console.warn('[upload] storage status unavailable', error);
    return null;
  }
}

let keySequence = 0;

export function UploadControl(props: UploadControlProps) {
  const { title, value, onChange, type = 'image', label, limitFile, columns = 4, hintWidth = 600, hintHeight = 600, storageUrl, isNotCheckStorage, disabled, onError } = props;
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const createdUrls = useRef(new Set<string>());
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [deleteIndex, setDeleteIndex] = useState<number | null>(null);

  useEffect(() => {
    const urls = createdUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const full = isFull(value, limitFile);
  const count = value.fileList.length;
  const multiple = limitFile !== 1;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function refuse(message: string) {
    setError(message);
    if (onError) onError(message);
    else toaster.create({ type: 'error', title: t('upload_error_title'), description: message });
  }

  async function choose(list: FileList | null) {
    const files = list ? Array.from(list) : [];
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    setChecking(true);
    try {
      const heads = await Promise.all(files.map(readHead));
      const free = isNotCheckStorage || !storageUrl ? null : await readFreeStorage(storageUrl);
      const refusal = refusalFor(
        files.map((file, index) => ({ name: file.name, type: file.type, size: file.size, head: heads[index] })),
        type,
        free,
      );
      if (refusal) {
        refuse(t(REFUSAL_TEXT_KEYS[refusal]));
        return;
      }
      const added: AddedFile[] = files.map((file) => {
        const url = URL.createObjectURL(file);
        createdUrls.current.add(url);
        keySequence += 1;
        return { kind: 'added', key: `added-${keySequence}`, file, url, name: file.name, mime: file.type };
      });
      const result = addFiles(value, added, limitFile);
      result.leftOut.forEach((item) => URL.revokeObjectURL(item.url));
      setError(result.leftOut.length > 0 ? t('upload_limit_reached') : null);
      onChange(result.value);
    } finally {
      setChecking(false);
    }
  }

  function confirmDelete() {
    if (deleteIndex === null) return;
    const { value: next, removed } = removeAt(value, deleteIndex);
    if (removed?.kind === 'added') {
      URL.revokeObjectURL(removed.url);
      createdUrls.current.delete(removed.url);
    }
    setDeleteIndex(null);
    setError(null);
    onChange(next);
  }

  function move(step: number) {
    setPreviewIndex((index) => (index === null ? index : wrapIndex(index, step, count)));
  }

  function onPreviewKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    }
  }

  const cols = gridColumns(columns);
  const previewItem = previewIndex === null ? null : value.fileList[Math.min(previewIndex, count - 1)] ?? null;
  const deleteItem = deleteIndex === null ? null : value.fileList[deleteIndex] ?? null;

  return (
    <chakra.fieldset borderWidth="1px" borderColor="border" borderRadius="lg" p={{ base: '3', md: '4' }} minW="0" data-testid="upload-control" aria-describedby={hintId}>
      <chakra.legend px="1" fontWeight="600">
        {title}
      </chakra.legend>

      <chakra.div display="flex" flexWrap="wrap" alignItems="center" gap="3" mb="2">
        <chakra.input
          ref={inputRef}
          id={`${id}-input`}
          type="file"
          accept={TYPE_LISTS[type].map((ext) => `.${ext}`).join(',')}
          multiple={multiple}
          disabled={disabled || full || checking}
          aria-label={t('upload_choose_label', { label: title })}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          onChange={(event) => void choose(event.currentTarget.files)}
          srOnly
          tabIndex={-1}
        />
        <Button
          type="button"
          colorPalette="teal"
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={disabled || full}
          loading={checking}
          aria-describedby={hintId}
        >
          {label ?? t('upload_button')}
        </Button>
        {limitFile !== undefined && limitFile > 1 ? (
          <chakra.span fontSize="sm" color="fg.muted">
            {t('upload_limit_hint', { limit: limitFile, count })}
          </chakra.span>
        ) : null}
      </chakra.div>

      <chakra.div id={hintId} fontSize="sm" color="fg.muted" mb="3">
        {type === 'image' ? <chakra.p>{t('upload_resize_hint', { width: hintWidth, height: hintHeight })}</chakra.p> : null}
        <chakra.p>{t('upload_types_hint', { types: TYPE_LISTS[type].join(', ') })}</chakra.p>
      </chakra.div>

      {error ? (
        <chakra.p id={errorId} role="alert" color="red.600" fontSize="sm" fontWeight="600" mb="3" data-testid="upload-error">
          {error}
        </chakra.p>
      ) : null}

      {count === 0 ? (
        <chakra.p fontSize="sm" color="fg.subtle">
          {t('upload_empty')}
        </chakra.p>
      ) : (
        <chakra.ul
          listStyleType="none"
          display="grid"
          gap="3"
          gridTemplateColumns={{ base: `repeat(${Math.min(cols, 2)}, minmax(0, 1fr))`, md: `repeat(${cols}, minmax(0, 1fr))` }}
          data-columns={cols}
        >
          {value.fileList.map((item, index) => (
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
                  onClick={() => setPreviewIndex(index)}
                  aria-label={t('upload_open_preview', { n: index + 1, total: count, name: item.name })}
                  _focusVisible={{ outline: '3px solid', outlineColor: 'teal.500', outlineOffset: '-3px' }}
                >
                  <SafeImage src={item.url} alt={item.name} fit="cover" />
                </chakra.button>
              )}
              {item.kind === 'added' ? (
                <chakra.span position="absolute" top="1.5" left="1.5" px="1.5" py="0.5" borderRadius="sm" bg="teal.600" color="white" fontSize="xs" fontWeight="600">
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
                onClick={() => setDeleteIndex(index)}
                aria-label={t('upload_delete_item', { n: index + 1, name: item.name })}
              >
                <TrashIcon />
              </chakra.button>
            </chakra.li>
          ))}
        </chakra.ul>
      )}

      <Dialog.Root open={previewItem !== null} onOpenChange={(event) => (event.open ? undefined : setPreviewIndex(null))} placement="center" size="full" lazyMount unmountOnExit>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="1100px" w="calc(100% - 2rem)" h="auto" maxH="calc(100dvh - 2rem)" my="auto" borderRadius="lg" onKeyDown={onPreviewKeyDown} data-testid="upload-preview">
              <Dialog.Header>
                <Dialog.Title fontSize="md">{previewIndex === null ? '' : t('upload_preview_title', { n: previewIndex + 1, total: count })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" alignItems="center" gap="2" pb="6">
                {count > 1 ? (
                  <Button type="button" variant="ghost" size="lg" px="2" onClick={() => move(-1)} aria-label={t('button_previous')}>
                    <ArrowIcon direction="left" />
                  </Button>
                ) : null}
                <chakra.figure flex="1" minW="0" display="flex" flexDirection="column" alignItems="center" gap="2" m="0">
                  {previewItem ? (
                    <chakra.div w="full" h={{ base: '60vh', md: '70vh' }} data-testid="upload-preview-image" data-name={previewItem.name}>
                      <SafeImage key={previewItem.key} src={previewItem.url} alt={previewItem.name} fit="contain" />
                    </chakra.div>
                  ) : null}
                  <chakra.figcaption fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {previewItem?.name}
                  </chakra.figcaption>
                </chakra.figure>
                {count > 1 ? (
                  <Button type="button" variant="ghost" size="lg" px="2" onClick={() => move(1)} aria-label={t('button_next')}>
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

      <Dialog.Root role="alertdialog" open={deleteItem !== null} onOpenChange={(event) => (event.open ? undefined : setDeleteIndex(null))} placement="center" lazyMount unmountOnExit>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="sm" w="calc(100% - 2rem)" data-testid="upload-confirm-delete">
              <Dialog.Header>
                <Dialog.Title fontSize="lg">{t('upload_confirm_delete')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {deleteItem && type === 'image' ? (
                  <chakra.div w="24" h="24" borderRadius="md" overflow="hidden" borderWidth="1px" borderColor="border">
                    <SafeImage src={deleteItem.url} alt={deleteItem.name} fit="cover" />
                  </chakra.div>
                ) : null}
                <chakra.p mt="2" fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {deleteItem?.name}
                </chakra.p>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline">
                    {t('button_cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="button" colorPalette="red" onClick={confirmDelete}>
                  {t('button_confirm')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </chakra.fieldset>
  );
}

export type { UploadItem, UploadValue };
