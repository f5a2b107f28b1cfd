import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AppError } from '../lib/app-error.ts';
import { importPreliminaryResults } from '../modules/preliminary/preliminary.service.ts';
import { openForTool, runTool } from './open-for-tool.ts';

const USAGE = 'Usage: npm run prelim:import -- results.csv [--competition ngso-1]';

runTool(async () => {
  const { values, positionals } = parseArgs({
    options: { competition: { type: 'string', default: 'ngso-1' } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error(USAGE);
  const csv = await readFile(file, 'utf8');
  const tool = await openForTool('prelim:import');
  try {
    const result = await importPreliminaryResults(tool.services, values.competition ?? 'ngso-1', csv, null);
    console.log(
      `Imported ${result.imported} results (${result.qualified} qualified) into ${values.competition}.`,
    );
  } catch (err) {
    const details = err instanceof AppError ? err.options.details : undefined;
    if (!details) throw err;
    throw new Error(
      `Nothing was imported. Correct these rows and try again:\n${Object.entries(details)
        .map(([row, messages]) => `  ${row}: ${messages.join('; ')}`)
        .join('\n')}`,
    );
  } finally {
    await tool.close();
  }
});
