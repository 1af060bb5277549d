import type { PriceHistory } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { useState } from 'react';
import {
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

interface PriceHistoryChartProps {
  history: PriceHistory & { currency: string };
}

/**
 * An offer's price over time as a step line (a price holds until the next one seen), up to
 * today, with the lowest price of the last 90 days marked. recharts is heavy: this file is only
 * ever loaded through React.lazy, when a shopper opens an offer's history.
 */
export default function PriceHistoryChart({ history }: PriceHistoryChartProps) {
  const { currency, points, lowest90Days } = history;
  // Read once: the line's end is when the chart opened, not each re-render.
  const [now] = useState(() => Date.now());
  const data = points.map((point) => ({ time: Date.parse(point.at), price: point.priceMinor }));
  const last = data.at(-1);
  // The last price still holds today: the line runs on to now.
  if (last && now > last.time) data.push({ time: now, price: last.price });
  const money = (value: number) => formatMoney(value, currency);

  return (
    <div className="h-32 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(value: number) => dateFormat.format(value)}
            tick={{ fontSize: 11 }}
            minTickGap={24}
          />
          <YAxis
            dataKey="price"
            domain={['auto', 'auto']}
            tickFormatter={money}
            tick={{ fontSize: 11 }}
            width={64}
          />
          <Tooltip
            labelFormatter={(value) => dateFormat.format(Number(value))}
            formatter={(value) => [money(Number(value)), 'Price']}
          />
          <Line
            type="stepAfter"
            dataKey="price"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {lowest90Days ? (
            <ReferenceDot
              x={Date.parse(lowest90Days.at)}
              y={lowest90Days.priceMinor}
              r={4}
              fill="var(--color-success, #16a34a)"
              stroke="none"
            />
          ) : null}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
