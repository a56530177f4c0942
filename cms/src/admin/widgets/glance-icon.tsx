/** A small bar-chart icon for the widget's header, drawn in the admin's current text colour. */
import type { SVGProps } from 'react';

export function GlanceIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M3 21h18v-2H3v2Zm2-4h3V9H5v8Zm5.5 0h3V4h-3v13Zm5.5 0h3v-6h-3v6Z" />
    </svg>
  );
}
