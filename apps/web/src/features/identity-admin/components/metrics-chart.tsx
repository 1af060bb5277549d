import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { IdentityMetrics } from '../api/identity-admin';

/** Daily sign-ups and active users over 30 days. recharts loads with this file only. */
export default function MetricsChart({ metrics }: { metrics: IdentityMetrics }) {
  const data = metrics.daily_users.map((day, index) => ({
    date: day.date.slice(5),
    signUps: day.activity,
    active: metrics.daily_active_users[index]?.activity ?? 0,
  }));
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="signUps" name="Sign-ups" stroke="var(--color-primary)" />
          <Line
            type="monotone"
            dataKey="active"
            name="Active users"
            stroke="var(--color-muted-foreground)"
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
