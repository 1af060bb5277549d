import { MATCH_REPORT_NOTE_MAX_LENGTH, type ComparedOffer } from '@ipick/contracts';
import { Flag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toErrorMessage } from '@/lib/error-message';
import { useAddReportNote } from '../api/add-report-note';
import { useReportMatch } from '../api/report-match';

interface ReportWrongMatchProps {
  requestId: string;
  offer: ComparedOffer;
}

/**
 * "Not the same product?" on an offer the comparison calls the same product (or probably the
 * same): one click reports it, then an optional note can be added. Nothing else changes on the
 * page; an admin decides. Offers shown as similar make no such claim, so they get no button.
 */
export function ReportWrongMatch({ requestId, offer }: ReportWrongMatchProps) {
  const report = useReportMatch();
  const thanksRef = useRef<HTMLDivElement>(null);
  const receipt = report.data;

  // The button goes away with the report: keyboard focus moves to what replaced it.
  useEffect(() => {
    if (receipt) thanksRef.current?.focus();
  }, [receipt]);

  if (offer.tier === 'similar') return null;

  if (receipt) {
    return (
      <div
        ref={thanksRef}
        tabIndex={-1}
        className="flex flex-col gap-2 rounded-md bg-muted p-3 text-sm outline-none focus-visible:outline-2 focus-visible:outline-ring"
      >
        <p role="status">
          Thanks, you reported this listing as a different product. An ipick admin will check it;
          until then the comparison stays as it is.
        </p>
        <ReportNoteForm reportId={receipt.id} />
      </div>
    );
  }

  const send = () => {
    // The button stays focusable while it sends (a disabled one drops focus); one send at a time.
    if (report.isPending) return;
    report.mutate({ requestId, offerId: offer.offerId });
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="link"
        size="sm"
        className="h-auto px-0 text-muted-foreground hover:text-foreground"
        onClick={send}
        aria-busy={report.isPending || undefined}
      >
        <Flag aria-hidden="true" />
        {report.isPending ? 'Reporting…' : 'Not the same product?'}
        <span className="sr-only">{` Report ${offer.retailerName}'s listing`}</span>
      </Button>
      {report.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toErrorMessage(report.error, 'The report could not be sent. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}

/** The optional note, added to the report just made. */
function ReportNoteForm({ reportId }: { reportId: string }) {
  const addNote = useAddReportNote();
  const [note, setNote] = useState('');
  const fieldId = useId();
  const hintId = useId();

  if (addNote.isSuccess) {
    return <p role="status">Your note was added. Thank you.</p>;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (addNote.isPending || note.trim() === '') return;
    addNote.mutate({ reportId, note });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Label htmlFor={fieldId}>Add a note (optional)</Label>
      <textarea
        id={fieldId}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={MATCH_REPORT_NOTE_MAX_LENGTH}
        rows={2}
        aria-describedby={hintId}
        aria-invalid={addNote.isError || undefined}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        placeholder="What is different? A size, a model, a colour…"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {addNote.isError ? (
          <span role="alert" className="text-destructive">
            {toErrorMessage(addNote.error, 'The note could not be added. Please try again.')}
          </span>
        ) : (
          `At most ${MATCH_REPORT_NOTE_MAX_LENGTH} characters. Only ipick's admins read it.`
        )}
      </p>
      <Button type="submit" variant="outline" size="sm" className="self-start">
        {addNote.isPending ? 'Sending…' : 'Send note'}
      </Button>
    </form>
  );
}
