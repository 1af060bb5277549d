import { cn } from '@/lib/cn';
import { CopyButton } from './copy-button';

/** Text to paste somewhere else, with its name and a copy button. */
export function CodeBlock({
  label,
  code,
  copyLabel,
  wrap = false,
}: {
  label: string;
  code: string;
  copyLabel?: string;
  /**
   * Wrap long lines (between words first, inside a long token only when it must) instead of
   * scrolling: for one-line values such as a tag or a token, which would otherwise look cut off
   * where the scroll bar does not show (phones, overlay scroll bars).
   */
  wrap?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <pre
        aria-label={label}
        tabIndex={0}
        className={cn(
          'max-w-full overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs focus-visible:outline-2 focus-visible:outline-ring',
          wrap && 'whitespace-pre-wrap wrap-anywhere',
        )}
      >
        <code>{code}</code>
      </pre>
      <div>
        <CopyButton text={code} label={copyLabel ?? `Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}
