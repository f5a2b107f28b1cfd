// The shipped nginx site file (deploy/nginx/ngso.conf) against the server's own numbers; no nginx needed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_BEHIND_PROXY_MS } from '../src/app.ts';
import {
  ANSWER_UPLOADS_KEPT_FOR_RETURNS,
  ANSWER_UPLOADS_WAITING,
  WHILE_BUSY_BYTES,
} from '../src/modules/exam/answer-upload-gate.ts';
import { LONGEST_RETRY_AFTER_SECONDS } from '../src/modules/media/upload-gate.ts';
import { NGINX_SITE } from './helpers/nginx.ts';

const site = readFileSync(NGINX_SITE, 'utf8');
const upstream = /^upstream ngso \{([^}]*)\}/m.exec(site)?.[1] ?? '';
/** The photo lane (decision 074): the answer photos' bytes on a process of their own. */
const photoLane = /^upstream ngso_photos \{([^}]*)\}/m.exec(site)?.[1] ?? '';
const serversOf = (block: string) =>
  [...block.matchAll(/^\s*server (\S+)([^;]*);/gm)].map(([, address, params]) => ({
    address,
    backup: /\bbackup\b/.test(params ?? ''),
    maxConns: Number(/\bmax_conns=(\d+)/.exec(params ?? '')?.[1] ?? Number.POSITIVE_INFINITY),
  }));
/** The largest answer photo the exam page sends (its photos are 0.15 to 0.5 MB, docs/performance.md). */
const PAGE_PHOTO_MAX_BYTES = 500_000;

/** An nginx time in an upstream block ("75m", "3h", "60s"), in milliseconds. */
function upstreamTime(directive: string, block = upstream) {
  const [, amount, unit] = new RegExp(`^\\s*${directive} (\\d+)(ms|s|m|h|d)?;`, 'm').exec(block) ?? [];
  const unitMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit ?? 's'] ?? Number.NaN;
  return Number(amount) * unitMs;
}

/** The spec's exam: an hour (product-spec.md, the online final), with its start and end minutes around it. */
const AN_EXAM_AND_ITS_EDGES_MS = 70 * 60_000;

describe('the shipped nginx site file', () => {
  it('keeps at least as many idle connections to a process as the deliveries a process holds waiting (decision 050)', () => {
    for (const block of [upstream, photoLane]) {
      const keepalive = Number(/^\s*keepalive (\d+);/m.exec(block)?.[1]);
      expect(keepalive).toBeGreaterThanOrEqual(ANSWER_UPLOADS_WAITING);
    }
  });

  it('keeps its connections to a process through a whole exam, and closes them before the process does (decision 059)', () => {
    for (const block of [upstream, photoLane]) {
      const idle = upstreamTime('keepalive_timeout', block);
      expect(idle).toBeGreaterThanOrEqual(AN_EXAM_AND_ITS_EDGES_MS);
      expect(upstreamTime('keepalive_time', block)).toBeGreaterThanOrEqual(AN_EXAM_AND_ITS_EDGES_MS);
      expect(KEEP_ALIVE_BEHIND_PROXY_MS).toBeGreaterThan(idle);
    }
  });

  it("sends the answer photos' bytes to a process of their own, with the others as its backup (decision 074)", () => {
    const lane = serversOf(photoLane);
    const others = serversOf(upstream).map(({ address }) => address);
    expect(lane.filter(({ backup }) => !backup).map(({ address }) => address)).toEqual(['127.0.0.1:3003']);
    expect(others).not.toContain('127.0.0.1:3003');
    expect(lane.filter(({ backup }) => backup).map(({ address }) => address)).toEqual(others);
  });

  it('gives the lane no more photos at once than its gate takes in without turning one away at the door, and its backups a few (decision 081)', () => {
    const [lane, ...backups] = serversOf(photoLane);
    const keepalive = Number(/^\s*keepalive (\d+);/m.exec(photoLane)?.[1]);
    expect(lane?.maxConns).toBeLessThanOrEqual(ANSWER_UPLOADS_WAITING - ANSWER_UPLOADS_KEPT_FOR_RETURNS);
    expect(lane?.maxConns).toBeLessThanOrEqual(keepalive);
    expect(backups).toHaveLength(2);
    for (const backup of backups) {
      expect(backup.maxConns).toBeGreaterThan(0);
      // As many as a saturated process admits at once, whatever their size: none waits in its gate.
      expect(backup.maxConns * PAGE_PHOTO_MAX_BYTES).toBeLessThanOrEqual(WHILE_BUSY_BYTES);
    }
    // The ceiling is one count for all of nginx's workers.
    expect(photoLane).toMatch(/^\s*zone ngso_photos \d+k;/m);
  });

  it('tells a photo no process can take to come back as a full process would (503, its longest Retry-After)', () => {
    const photoLocation = /^\s*location ~ \S+answer-photos\S+ \{([^}]*)\}/m.exec(site)?.[1] ?? '';
    expect(photoLocation).toMatch(/^\s*error_page 502 = @photos_busy;/m);
    const busy = /^\s*location @photos_busy \{([^}]*)\}/m.exec(site)?.[1] ?? '';
    expect(busy).toMatch(
      new RegExp(`^\\s*add_header Retry-After ${LONGEST_RETRY_AFTER_SECONDS} always;`, 'm'),
    );
    expect(busy).toMatch(/^\s*return 503 \$ngso_busy_message;/m);
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
    expect(body).toMatch(/^\s*proxy_pass http:\/\/ngso_photos;/m);
  });

  it('lets only this machine ask for readiness, whose answer names what is broken, and leaves health public', () => {
    const ready = /^\s*location = \/api\/ready \{([^}]*)\}/m.exec(site)?.[1] ?? '';
    expect(ready).toMatch(/^\s*allow 127\.0\.0\.1;/m);
    expect(ready).toMatch(/^\s*deny all;/m);
    expect(ready).toMatch(/^\s*proxy_pass http:\/\/ngso;/m);
    expect(site).not.toMatch(/location[^{]*\/api\/health[^{]*\{[^}]*deny/);
  });
});
