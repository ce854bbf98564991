import { useTranslate } from 'react-admin';
import { ListItem, ListItemIcon, ListItemText, Switch } from '@mui/material';
import type { MenuItem } from '../../../domain/menu';
import { menuIcon } from '../../layout/icons';

/** A menu or submenu with its icon, path (or why it is fixed) and its switch. */
export function MenuRow({
  item,
  parent,
  group,
  depth,
  checked,
  disabled,
  hint,
  onChange,
}: {
  item: MenuItem;
  /** The group of a submenu: its switch is named 'Group › Submenu' (labels repeat across groups). */
  parent?: MenuItem;
  /** A group's own row starts a new section. */
  group?: boolean;
  depth: number;
  checked: boolean;
  disabled: boolean;
  hint?: string;
  onChange: (on: boolean) => void;
}) {
  const translate = useTranslate();
  const Icon = menuIcon(item.icon);
  const label = translate(item.labelKey);
  return (
    <ListItem
      sx={{ pl: 2 + depth * 4, ...(group && { borderTop: 1, borderColor: 'divider' }) }}
      secondaryAction={
        <Switch
          edge="end"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{
            input: {
              'aria-label': parent ? `${translate(parent.labelKey)} › ${label}` : label,
              role: 'switch',
            },
          }}
        />
      }
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Icon fontSize="small" color={checked ? 'primary' : 'disabled'} />
      </ListItemIcon>
      <ListItemText
        primary={label}
        secondary={hint ?? item.path}
        slotProps={{ primary: { fontWeight: depth === 0 ? 600 : 400, variant: 'body2' } }}
      />
    </ListItem>
  );
}
