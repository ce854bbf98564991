import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import { List, ListItem } from '@mui/material';
import { MENU } from '../../../domain/menu';
import { type Role } from '../../../domain/roles';
import { lockedFor, T, type Draft, type MatrixAnswer } from './matrix';
import { MenuRow } from './MenuRow';
import type { MenuAccess } from './useMenuAccess';

/**
 * A role's menus: a single menu's switch (fixed on where it is locked), a group's switch with
 * its submenus below, disabled while the group is off.
 */
export function MenuAccessList({
  role,
  draft,
  base,
  access,
}: {
  role: Role;
  draft: Draft;
  base: MatrixAnswer | null;
  access: Pick<MenuAccess, 'busy' | 'toggleLeaf' | 'toggleGroup'>;
}) {
  const translate = useTranslate();
  const { busy, toggleLeaf, toggleGroup } = access;
  return (
    <List dense data-testid="menu-access-list">
      {MENU.map((item) => {
        if (!item.submenu) {
          const locked = lockedFor(role, item.path!, base ?? undefined);
          return (
            <MenuRow
              key={item.id}
              item={item}
              depth={0}
              checked={locked || draft.leaves[role].has(item.path!)}
              disabled={locked || busy}
              hint={locked ? translate(`${T}.always_on`) : undefined}
              onChange={(on) => toggleLeaf(item.path!, on)}
            />
          );
        }
        const groupOn = draft.groups[role].has(item.id);
        const anyChild = item.submenu.some((s) => draft.leaves[role].has(s.path!));
        return (
          <Fragment key={item.id}>
            <MenuRow
              item={item}
              group
              depth={0}
              checked={groupOn}
              disabled={busy}
              hint={groupOn && !anyChild ? translate(`${T}.empty_group`) : ''}
              onChange={(on) => toggleGroup(item, on)}
            />
            <ListItem disablePadding sx={{ display: 'block' }}>
              <List dense disablePadding aria-label={translate(item.labelKey)}>
                {item.submenu.map((sub) => (
                  <MenuRow
                    key={sub.id}
                    item={sub}
                    parent={item}
                    depth={1}
                    checked={groupOn && draft.leaves[role].has(sub.path!)}
                    disabled={!groupOn || busy}
                    hint={!groupOn ? translate(`${T}.parent_off`) : undefined}
                    onChange={(on) => toggleLeaf(sub.path!, on, item)}
                  />
                ))}
              </List>
            </ListItem>
          </Fragment>
        );
      })}
    </List>
  );
}
