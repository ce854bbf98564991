import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuItem } from '../../../domain/menu';
import type { Role } from '../../../domain/roles';
import { httpClient } from '../../providers/http';
import { QUERY_KEY, T, URL, draftOf, matrixOf, sameMatrix, type Draft, type MatrixAnswer } from './matrix';

/**
 * The stored matrix and the draft edited over it: switches per role (a group off clears its
 * submenus, a submenu on turns its group on), save and restore with the version read (a newer
 * matrix saved meanwhile is a conflict that can be loaded), discard.
 */
export function useMenuAccess(role: Role) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [base, setBase] = useState<MatrixAnswer | null>(null);
  const [conflict, setConflict] = useState<{ message: string; latest: MatrixAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const query = useQuery<MatrixAnswer>({
    queryKey: QUERY_KEY,
    queryFn: async () => (await httpClient(URL)).json as MatrixAnswer,
  });
  // The draft starts from the stored matrix, and follows it until the user changes something.
  useEffect(() => {
    if (query.data && (!base || base.version !== query.data.version) && (!draft || !dirty())) {
      setBase(query.data);
      setDraft(draftOf(query.data.matrix));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  const current = useMemo(() => (draft ? matrixOf(draft) : null), [draft]);
  const dirty = () => !!(current && base && !sameMatrix(current, base.matrix));

  const adopt = (answer: MatrixAnswer) => {
    queryClient.setQueryData(QUERY_KEY, answer);
    setBase(answer);
    setDraft(draftOf(answer.matrix));
    setConflict(null);
  };

  const update = (fn: (leaves: Set<string>, groups: Set<string>) => void) => {
    if (!draft) return;
    const leaves = new Set(draft.leaves[role]);
    const groups = new Set(draft.groups[role]);
    fn(leaves, groups);
    setDraft({ leaves: { ...draft.leaves, [role]: leaves }, groups: { ...draft.groups, [role]: groups } });
  };
  const toggleLeaf = (path: string, on: boolean, parent?: MenuItem) =>
    update((leaves, groups) => {
      if (on) {
        leaves.add(path);
        if (parent) groups.add(parent.id);
      } else leaves.delete(path);
    });
  const toggleGroup = (group: MenuItem, on: boolean) =>
    update((leaves, groups) => {
      if (on) groups.add(group.id);
      else {
        groups.delete(group.id);
        for (const s of group.submenu!) leaves.delete(s.path!);
      }
    });

  const send = async (method: 'PUT' | 'POST', url: string, body: object, success: string) => {
    if (!base) return;
    setBusy(true);
    setError(null);
    try {
      const { json } = await httpClient(url, {
        method,
        body: JSON.stringify(body),
        headers: new Headers({ 'Content-Type': 'application/json', 'If-Match': `"${base.version}"` }),
      });
      adopt(json as MatrixAnswer);
      notify(translate(`${T}.${success}`), { type: 'success' });
    } catch (err) {
      const e = err as { status?: number; message?: string; body?: MatrixAnswer & { error?: string } };
      if (e.status === 412 && e.body?.matrix) setConflict({ message: e.message ?? '', latest: e.body });
      else setError(e.message || translate(`${T}.save_failed`));
    } finally {
      setBusy(false);
    }
  };

  return {
    query,
    draft,
    base,
    current,
    isDirty: dirty(),
    busy,
    error,
    clearError: () => setError(null),
    conflict,
    clearConflict: () => setConflict(null),
    adopt,
    discard: () => base && setDraft(draftOf(base.matrix)),
    toggleLeaf,
    toggleGroup,
    save: () => current && send('PUT', URL, { matrix: current }, 'saved'),
    restore: () => send('POST', `${URL}/restore-defaults`, {}, 'restored'),
  };
}

export type MenuAccess = ReturnType<typeof useMenuAccess>;
