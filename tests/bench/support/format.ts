/** Number formatting shared by every table, so the report reads consistently. */

export function fmtInt(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–';
}

export function fmtMs(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

export function fmtRatio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : '–';
}

export function fmtPercent(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value * 100)}%` : '–';
}

export function fmtSeconds(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–';
}

export function markdownTable(headers: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) =>
    `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
