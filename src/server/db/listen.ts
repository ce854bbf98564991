/** PostgreSQL's LISTEN on a connection of its own that comes back when it is lost. */
import pg from 'pg';

/** The application_name of each process's LISTEN connection (the change stream). */
export const LISTEN_APPLICATION_NAME = 'dkj-events';

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

export async function listenOn(
  config: pg.ClientConfig,
  channels: string[],
  onNotify: (channel: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const c = new pg.Client(config);
    c.on('notification', (n) => onNotify(n.channel));
    c.on('error', () => undefined); // the 'end' below reconnects
    c.on('end', () => {
      if (client !== c || stopped) return;
      client = undefined;
      schedule();
    });
    await c.connect();
    for (const channel of channels) await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    client = c;
    retryMs = RETRY_MIN_MS;
  }

  function schedule() {
    timer = setTimeout(() => {
      connect().then(
        () => onReconnect?.(),
        () => {
          retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
          if (!stopped) schedule();
        },
      );
    }, retryMs);
    timer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}
