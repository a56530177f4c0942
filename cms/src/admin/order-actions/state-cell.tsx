/**
 * The list views of orders, payment reports and payment attempts show each one's own state
 * (the `state` column) by its Thai name, not the stored value. The list hook is not told the
 * model: the column is known by its name and its enumeration, which differs per type.
 */
import { STATE_LABELS } from './texts';

type Header = { name: string; attribute?: { type?: string; enum?: string[] }; cellFormatter?: (data: Record<string, unknown>) => unknown };
type ListHookArgs = { displayedHeaders: Header[]; layout: unknown };

/** The labels whose states are exactly the column's enumeration. */
function labelsOf(header: Header): Record<string, string> | null {
  if (header.name !== 'state' || header.attribute?.type !== 'enumeration') return null;
  const values = [...(header.attribute.enum ?? [])].sort().join(',');
  return Object.values(STATE_LABELS).find((labels) => Object.keys(labels).sort().join(',') === values) ?? null;
}

export function stateColumnHook(args: ListHookArgs): ListHookArgs {
  return {
    ...args,
    displayedHeaders: args.displayedHeaders.map((header) => {
      const labels = labelsOf(header);
      if (!labels) return header;
      return {
        ...header,
        cellFormatter: (data: Record<string, unknown>) => {
          const state = typeof data.state === 'string' ? data.state : '';
          return <span data-state={state}>{labels[state] ?? state}</span>;
        },
      };
    }),
  };
}
