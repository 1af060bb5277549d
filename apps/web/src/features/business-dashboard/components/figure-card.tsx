import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatChange } from '../utils/format';

interface FigureCardProps {
  label: string;
  value: string;
  change: number | null;
  /** What the change compares with, e.g. "vs. 18 in the previous 7 days". */
  previousText: string;
  children?: ReactNode;
}

/** One key figure, with how it moved against the previous period of equal length. */
export function FigureCard({ label, value, change, previousText, children }: FigureCardProps) {
  const changeText = formatChange(change);
  const isUp = change !== null && change > 0.0005;
  const isDown = change !== null && change < -0.0005;
  return (
    <Card>
      <CardContent className="flex flex-col gap-1">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
          {changeText ? (
            <span
              className={cn(
                'inline-flex items-center gap-0.5 font-medium',
                isUp && 'text-brand-700',
                isDown && 'text-destructive',
              )}
            >
              {isUp ? <ArrowUpRight aria-hidden="true" className="size-3" /> : null}
              {isDown ? <ArrowDownRight aria-hidden="true" className="size-3" /> : null}
              {changeText}
            </span>
          ) : null}
          <span>{previousText}</span>
        </p>
        {children}
      </CardContent>
    </Card>
  );
}
