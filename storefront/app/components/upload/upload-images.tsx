/** The upload control's pictures: a thumbnail or preview that falls back to a placeholder, and its icons. */
import { chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useT } from '~/models/i18n';

export function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

export function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
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
export function SafeImage({ src, alt, fit }: { src: string; alt: string; fit: 'cover' | 'contain' }) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    setBroken(false);
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, [src]);
  if (broken) return <NoImage />;
  return <chakra.img ref={ref} src={src} alt={alt} onError={(_event: SyntheticEvent) => setBroken(true)} w="full" h="full" objectFit={fit} display="block" loading="lazy" decoding="async" />;
}
