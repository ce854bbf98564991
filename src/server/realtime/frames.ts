/**
 * What one reader is told of one outbox row: a `change` frame per declaration of the table the
 * reader's menus open, cut to the reader's facility (never another facility's ids); nothing for
 * a table the reader may not read.
 */
import type { AdminContext } from '../plugins/access.js';
import type { Source } from './sources.js';

export interface Change {
  id: number;
  source: string;
  kind: string;
  ids: number[];
  facilities: (number | null)[];
  count: number;
  version: string | null;
  actor_id: number | null;
  actor_name: string | null;
  at: string;
}

/** A reader as the frames are cut for it. */
export interface Reader {
  menus: string[];
  facilityScope: number | null;
}

/** Readers with the same menus and facility get the same frames: one key, computed once. */
export const readerKey = (r: Reader) => `${r.facilityScope ?? '*'}|${[...r.menus].sort().join(',')}`;

export const readerOf = (admin: AdminContext): Reader => ({
  menus: admin.menus,
  facilityScope: admin.facilityScope,
});

export function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The frames of a resource change for this reader ('' when it may know nothing of it). */
export function changeFrames(change: Change, source: Source, reader: Reader): string {
  let out = '';
  for (const decl of source.decls) {
    if (!decl.menus.some((m) => reader.menus.includes(m))) continue;
    let ids = change.ids;
    let count = change.count;
    if (reader.facilityScope !== null && source.facilityColumn) {
      ids = change.ids.filter((_, i) => change.facilities[i] === reader.facilityScope);
      if (!ids.length) continue;
      // Of a summary beyond its first ids, a facility reader learns only of its own share.
      count = ids.length;
    }
    const data: Record<string, unknown> = {
      resource: decl.name,
      kind: change.kind,
      ids: ids.map(String),
      versions: ids.map(() => change.version),
      by: change.actor_id === null ? null : { id: String(change.actor_id), name: change.actor_name },
      at: change.at,
    };
    if (change.kind === 'imported') data.count = count;
    out += frame('change', data, change.id);
  }
  return out;
}

/** Tables whose writes move the dashboard's figures, and which of its screens they move. */
export const FIGURE_SOURCES: Record<string, string[]> = {
  patients: ['dashboard', 'analyses'],
  appointments: ['dashboard', 'analyses'],
  emergencies: ['dashboard', 'emergency'],
  users: ['dashboard'],
};
