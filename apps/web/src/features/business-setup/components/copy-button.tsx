import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string;
  /** The button's name, e.g. "Copy snippet"; it reads "Copied" once done. */
  label?: string;
}

/** Copies `text` to the clipboard and says whether it worked. */
export function CopyButton({
  text,
  label = 'Copy',
  variant = 'outline',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant={variant} size={size} onClick={() => void copy()} {...props}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : label}
      </Button>
      {state === 'failed' ? (
        <span role="alert" className="text-sm text-destructive">
          Could not copy; select the text and copy it yourself.
        </span>
      ) : null}
    </span>
  );
}
