import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The server's data folder: the tests read the mails it writes there. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `ngso-e2e-${E2E_PORT}`);
