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
import { Button, chakra } from '@chakra-ui/react';
import { IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from '@sala/shared/schemas';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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
import { DeleteDialog, PreviewDialog } from './upload-dialogs';
import { UploadGrid } from './upload-grid';

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
  /** A URL answering `{ free }` (gigabytes) for the storage check; none or isNotCheckStorage skips it. */
  storageUrl?: string;
  isNotCheckStorage?: boolean;
  disabled?: boolean;
  /** Receives a refusal instead of the notification. */
  onError?: (message: string) => void;
};

const TYPE_LISTS: Record<UploadType, readonly string[]> = { image: IMAGE_EXTENSIONS, video: VIDEO_EXTENSIONS.filter((ext) => ext !== 'quicktime') };

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
  const { title, value, onChange, type = 'image', label, limitFile, columns = 4, storageUrl, isNotCheckStorage, disabled, onError } = props;
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
  const previewItem = previewIndex === null ? null : (value.fileList[Math.min(previewIndex, count - 1)] ?? null);
  const deleteItem = deleteIndex === null ? null : (value.fileList[deleteIndex] ?? null);

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
        <Button type="button" colorPalette="teal" variant="outline" onClick={() => inputRef.current?.click()} disabled={disabled || full} loading={checking} aria-describedby={hintId}>
          {label ?? t('upload_button')}
        </Button>
        {limitFile !== undefined && limitFile > 1 ? (
          <chakra.span fontSize="sm" color="fg.muted">
            {t('upload_limit_hint', { limit: limitFile, count })}
          </chakra.span>
        ) : null}
      </chakra.div>

      <chakra.div id={hintId} fontSize="sm" color="fg.muted" mb="3">
        {type === 'image' ? <chakra.p>{t('upload_picture_hint')}</chakra.p> : null}
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
        <UploadGrid items={value.fileList} type={type} columns={cols} disabled={disabled} onPreview={setPreviewIndex} onDelete={setDeleteIndex} />
      )}

      <PreviewDialog item={previewItem} index={previewIndex} count={count} onClose={() => setPreviewIndex(null)} onMove={move} onKeyDown={onPreviewKeyDown} />

      <DeleteDialog item={deleteItem} type={type} onCancel={() => setDeleteIndex(null)} onConfirm={confirmDelete} />
    </chakra.fieldset>
  );
}

export type { UploadItem, UploadValue };
