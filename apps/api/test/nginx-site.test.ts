// The shipped nginx site file (deploy/nginx/ngso.conf) against the server's own numbers; no nginx needed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_UPLOADS_WAITING } from '../src/modules/media/upload-gate.ts';
import { NGINX_SITE } from './helpers/nginx.ts';

const site = readFileSync(NGINX_SITE, 'utf8');

describe('the shipped nginx site file', () => {
  it('keeps at least as many idle connections to a process as the deliveries a process holds waiting (decision 050)', () => {
    const upstream = /^upstream ngso \{([^}]*)\}/m.exec(site)?.[1] ?? '';
    const keepalive = Number(/^\s*keepalive (\d+);/m.exec(upstream)?.[1]);
    expect(keepalive).toBeGreaterThanOrEqual(ANSWER_UPLOADS_WAITING);
  });

  it("holds the answer photos' bodies in memory, not in temporary files, up to 512 KB (decision 052)", () => {
    const photoLocation = [...site.matchAll(/^\s*location ~ (\S+) \{([^}]*)\}/gm)].find(([, pattern]) =>
      [`/api/v1/ngso-2026/answer-photos/${'a'.repeat(64)}`, '/api/v1/upload'].every((path) =>
        new RegExp(pattern as string).test(path),
      ),
    );
    expect(photoLocation).toBeDefined();
    const body = photoLocation?.[2] ?? '';
    expect(/^\s*client_body_buffer_size (\d+)k;/m.exec(body)?.[1]).toBe('512');
    expect(body).toMatch(/^\s*proxy_pass http:\/\/ngso;/m);
  });
});
