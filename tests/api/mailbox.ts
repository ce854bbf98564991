/** A loopback SMTP server for tests of what the server e-mails (password reset links). */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  text: string;
}

/** An SMTP server on loopback that keeps what it receives. */
export async function startMailbox() {
  const received: Received[] = [];
  const waiting: ((m: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address).join(','), text: raw };
        received.push(mail);
        waiting.shift()?.(mail);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: () =>
      new Promise<Received>((resolve, reject) => {
        waiting.push(resolve);
        setTimeout(() => reject(new Error('no mail within 10 s')), 10_000);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received mail's text, its quoted-printable soft breaks and '=' undone. */
export const textOf = (mail: Received) => mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
/** The token of the link in a received mail. */
export const tokenOf = (mail: Received) => /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(textOf(mail))![1];
