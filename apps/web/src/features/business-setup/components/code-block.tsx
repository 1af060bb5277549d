import { CopyButton } from './copy-button';

/** Text to paste somewhere else, with its name and a copy button. */
export function CodeBlock({
  label,
  code,
  copyLabel,
}: {
  label: string;
  code: string;
  copyLabel?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <pre
        aria-label={label}
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
      <div>
        <CopyButton text={code} label={copyLabel ?? `Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}
