/**
 * Progress of the project requests: a bar redrawn in place on a terminal, and
 * a few plain lines (every quarter) where output is a log, as in CI.
 */
export interface ProgressStream {
  isTTY?: boolean | undefined;
  columns?: number | undefined;
  write(text: string): unknown;
}

export function projectProgress(stream: ProgressStream): (done: number, total: number) => void {
  let lastQuarter = 0;
  return (done, total) => {
    if (stream.isTTY) {
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 30));
      const filled = Math.round((done / total) * width);
      stream.write(`\r  Projects [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
      return;
    }
    const quarter = Math.floor((done / total) * 4);
    if (quarter > lastQuarter || done === total) {
      lastQuarter = quarter;
      stream.write(`Fetched ${done}/${total} projects\n`);
      if (done === total) lastQuarter = 5;
    }
  };
}
