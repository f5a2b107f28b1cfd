import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openStorageOfKind } from '../lib/open-storage.ts';
import { copyFiles } from '../storage-copy/copy-files.ts';
import { progressBar } from '../storage-copy/progress-bar.ts';
import { runTool } from './open-for-tool.ts';

const KINDS = ['local', 's3'] as const;
const USAGE =
  'Usage: npm run storage:copy -- --from local --to s3   (or --from s3 --to local; the S3_* variables name the bucket)';

const kindOf = (value: string | undefined) => KINDS.find((kind) => kind === value);

/**
 * Copies a season's files between the local folder (DATA_DIR/uploads) and the S3 bucket, verifying each
 * copy; run it again after a stop: it goes on where it was. docs/operations.md, "Moving the files".
 */
runTool(async () => {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const from = kindOf(values.from);
  const to = kindOf(values.to);
  if (!from || !to || from === to) throw new Error(USAGE);
  const config = loadConfig();
  const result = await copyFiles(
    await openStorageOfKind(config, from),
    await openStorageOfKind(config, to),
    progressBar(process.stderr),
  );
  console.log(
    `Copied ${result.copied} files from ${from} to ${to}; ${result.skipped} were there already; every copy verified.`,
  );
});
