import type { CopyProgress } from './copy-files.ts';

const WIDTH = 30;

/** One line: a bar, the share done, and the counts. */
export function progressLine({ total, done, copied, skipped }: CopyProgress) {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${Math.floor(share * 100)}% ${done}/${total} files (${copied} copied, ${skipped} already there)`;
}

/**
 * Shows progress on a stream: redrawn in place on a terminal, one line per tenth otherwise (a log file).
 */
export function progressBar(out: NodeJS.WriteStream) {
  let lastTenth = -1;
  return (progress: CopyProgress) => {
    if (out.isTTY) {
      out.write(`\r${progressLine(progress)}`);
      if (progress.done === progress.total) out.write('\n');
      return;
    }
    const tenth = progress.total === 0 ? 10 : Math.floor((progress.done / progress.total) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    out.write(`${progressLine(progress)}\n`);
  };
}
