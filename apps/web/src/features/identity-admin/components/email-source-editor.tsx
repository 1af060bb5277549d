import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toErrorMessage } from '@/lib/error-message';

/** How long the editor waits after the last keystroke before rendering a preview. */
export const PREVIEW_DELAY_MS = 500;

interface EmailSourceEditorProps {
  /** The template's or theme's name, for labels ("Welcome source", "Preview of Welcome"). */
  name: string;
  initialSource: string;
  /** Renders a source to the mail's HTML; rejects with the server's words for a bad one. */
  render: (source: string, signal: AbortSignal) => Promise<string>;
  save: (source: string) => Promise<unknown>;
}

/**
 * A template's or theme's TSX source beside a live preview: each change is rendered by the
 * server after a short pause, in a sandboxed frame (no scripts, no same-origin access). A source
 * that does not render shows the server's message and keeps the last good preview.
 */
export function EmailSourceEditor({ name, initialSource, render, save }: EmailSourceEditorProps) {
  const [source, setSource] = useState(initialSource);
  const [html, setHtml] = useState<string | null>(null);
  const [renderError, setRenderError] = useState<string | undefined>();
  const [rendering, setRendering] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | undefined>();
  // The latest render function, without restarting the preview when the parent re-renders.
  const renderRef = useRef(render);
  useEffect(() => {
    renderRef.current = render;
  });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setRendering(true);
      renderRef
        .current(source, controller.signal)
        .then((rendered) => {
          setHtml(rendered);
          setRenderError(undefined);
        })
        .catch((caught: unknown) => {
          if (controller.signal.aborted) return;
          setRenderError(toErrorMessage(caught, 'The preview could not be rendered.'));
        })
        .finally(() => {
          if (!controller.signal.aborted) setRendering(false);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source]);

  function insertSpaces(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey)
      return;
    event.preventDefault();
    const area = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = area;
    const next = `${source.slice(0, start)}  ${source.slice(end)}`;
    setSource(next);
    requestAnimationFrame(() => area.setSelectionRange(start + 2, start + 2));
  }

  async function onSave() {
    setSaving(true);
    setSaveError(undefined);
    try {
      await save(source);
      toast.success(`${name} saved`);
    } catch (caught) {
      setSaveError(toErrorMessage(caught, `${name} could not be saved. Please try again.`));
    } finally {
      setSaving(false);
    }
  }

  const sourceId = `source-${name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={sourceId}>{name} source</Label>
          <textarea
            id={sourceId}
            value={source}
            spellCheck={false}
            onChange={(event) => setSource(event.currentTarget.value)}
            onKeyDown={insertSpaces}
            className="min-h-96 w-full rounded-md border border-input bg-background p-3 font-mono text-xs leading-5"
          />
          {renderError ? (
            <div role="alert" aria-label="Preview error" className="text-sm text-destructive">
              <p className="font-medium">This source does not render:</p>
              <pre className="whitespace-pre-wrap font-mono text-xs">{renderError}</pre>
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">
            Preview {rendering ? <span className="text-muted-foreground">(rendering…)</span> : null}
            {renderError && html !== null ? (
              <span className="text-muted-foreground">(last version that rendered)</span>
            ) : null}
          </p>
          {html !== null ? (
            <iframe
              title={`Preview of ${name}`}
              sandbox=""
              srcDoc={html}
              className="min-h-96 w-full rounded-md border border-border bg-white"
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              {renderError ? 'No preview yet.' : 'Rendering the preview…'}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={() => void onSave()}
          disabled={saving || source === initialSource}
          className="w-fit"
        >
          {saving ? 'Saving…' : `Save ${name}`}
        </Button>
      </div>
      <FormAlert message={saveError} />
    </div>
  );
}
