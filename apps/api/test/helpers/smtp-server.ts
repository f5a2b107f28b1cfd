import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process: the app delivers to it over TCP, tests read what arrived.
 * `port` fixes the port (to stop it and start another on the same address); `delayMs` makes each
 * delivery take that long before it is accepted (a slow mail server).
 */
export async function startSmtpServer(options: { port?: number; delayMs?: number } = {}) {
  const received: Email[] = [];
  const waiters: Array<() => void> = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refusing) return callback(new Error('mailbox unavailable'));
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        received.push(await PostalMime.parse(Buffer.concat(chunks)));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  // A client that dies mid-connection (a server killed by a fault test) resets its socket; the SMTP
  // server reports that as an 'error' event, which would be an uncaught exception without a listener.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** While refusing, every delivery fails (a mail server that is down for us). */
    refuse: (value: boolean) => {
      refusing = value;
    },
    /** Resolves when at least `count` mails have arrived, or rejects after the time-out. */
    /** The first mail received to `address` with this subject, waiting for it. */
    async mailTo(address: string, subject: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to?.[0]?.address === address && m.subject === subject);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
