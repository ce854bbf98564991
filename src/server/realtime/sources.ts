/**
 * What the change stream knows of each declared table: the declarations it serves (their API
 * names and menus), and the column naming a row's facility, from which a facility user's share
 * of a change is cut.
 */
import type { ResourceDeclaration } from '../../domain/resource.js';

export interface Source {
  table: string;
  /** The column naming the row's facility ('' when rows belong to no facility). */
  facilityColumn: string;
  decls: ResourceDeclaration[];
}

/** The facility of a row of this declaration's table, as a read scopes it (model.ts `scope`). */
export function facilityColumnOf(decl: ResourceDeclaration): string {
  if (decl.facilityColumn) return decl.facilityColumn;
  // A child below a facility (its params, its connections) belongs to that facility.
  if (decl.parent?.resource.facilityColumn === 'id') return decl.parent.column;
  return '';
}

export function sourcesOf(decls: ResourceDeclaration[]): Map<string, Source> {
  const sources = new Map<string, Source>();
  for (const decl of decls) {
    const s = sources.get(decl.table) ?? { table: decl.table, facilityColumn: '', decls: [] };
    s.decls.push(decl);
    s.facilityColumn ||= facilityColumnOf(decl);
    sources.set(decl.table, s);
  }
  return sources;
}
