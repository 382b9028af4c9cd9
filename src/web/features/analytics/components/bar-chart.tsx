import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { ChartDatum } from '../analytics-view';

export interface BarChartProps {
  id: string;
  title: string;
  description: string;
  /** Column headers of the text alternative: what a row names, and what its number is. */
  labelHeader: string;
  valueHeader: string;
  data: readonly ChartDatum[];
  format: (value: number) => string;
  empty: string;
  className?: string;
}

/**
 * A horizontal bar chart drawn as SVG, no chart library (docs/decisions.md). The bars are
 * decoration for sighted users; screen readers get the same figures as a table.
 */
export function BarChart({ id, title, description, labelHeader, valueHeader, data, format, empty, className }: BarChartProps) {
  const max = Math.max(0, ...data.map((d) => d.value));
  const titleId = `${id}-title`;
  return (
    <Card className={cn('flex flex-col', className)}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {data.length === 0 ? (
          <p className="text-sm text-ink-muted">{empty}</p>
        ) : (
          <figure aria-labelledby={titleId} data-testid={id}>
            <ul aria-hidden className="grid gap-3">
              {data.map((d) => {
                const share = max > 0 ? (d.value / max) * 100 : 0;
                return (
                  <li key={d.label} className="grid gap-1">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="truncate" title={d.label}>
                        {d.label}
                      </span>
                      <span className="shrink-0 font-medium tabular-nums">{format(d.value)}</span>
                    </div>
                    <svg className="block h-2.5 w-full overflow-visible" role="presentation" focusable="false">
                      <rect width="100%" height="100%" rx="5" className="fill-muted" />
                      {/* A non-zero value keeps a visible sliver. */}
                      {d.value > 0 && <rect width={`${Math.max(share, 1.5)}%`} height="100%" rx="5" className="fill-accent" />}
                    </svg>
                  </li>
                );
              })}
            </ul>
            <table className="sr-only">
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  <th scope="col">{valueHeader}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((d) => (
                  <tr key={d.label}>
                    <th scope="row">{d.label}</th>
                    <td>{format(d.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
