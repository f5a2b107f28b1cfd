import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { diskStorage } from '../src/lib/storage-disk.ts';
import { storageContract } from './helpers/storage-contract.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'ngso-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

storageContract('local folder', () => diskStorage(path.join(root, 'uploads')));
