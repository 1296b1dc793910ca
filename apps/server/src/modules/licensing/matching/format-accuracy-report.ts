import type { AccuracyFigures, AccuracyReport } from './evaluate-accuracy.ts';

const pct = (value: number) => `${(value * 100).toFixed(2)}%`.padStart(8);

export function formatAccuracyFigures(label: string, f: AccuracyFigures | undefined): string {
  return f
    ? `${label.padEnd(18)} queries ${String(f.queries).padStart(5)}  precision ${pct(f.precision)} (${f.correct}/${f.returned})  recall ${pct(f.recall)} (${f.found}/${f.expected})`
    : `${label.padEnd(18)} —`;
}

/** The report as test logs and `npm run bench` print it: per variant, overall, by kind, then the first mistakes. */
export function formatAccuracyReport(title: string, report: AccuracyReport, mistakes = 15): string {
  return [
    `${title}: ${report.sharedQueries} of ${report.overall.queries} queries shared with another person, ${report.indistinguishable} license answers indistinguishable from a namesake's as published`,
    'all queries:',
    ...Object.entries(report.byVariant).map(([variant, f]) => formatAccuracyFigures(variant, f)),
    formatAccuracyFigures('overall', report.overall),
    'resolvable queries:',
    ...Object.entries(report.resolvableByVariant).map(([variant, f]) => formatAccuracyFigures(variant, f)),
    formatAccuracyFigures('resolvable', report.resolvable),
    'by kind, all queries (a namesake’s queries also count under their variant’s kind):',
    ...Object.entries(report.byKind).map(([kind, f]) => formatAccuracyFigures(kind, f)),
    'by kind, resolvable queries:',
    ...Object.entries(report.resolvableByKind).map(([kind, f]) => formatAccuracyFigures(kind, f)),
    ...report.mistakes
      .slice(0, mistakes)
      .map((m) => `  ${m.kind} [${m.variant}] ${m.query} → ${m.license}: ${m.detail}`),
  ].join('\n');
}
