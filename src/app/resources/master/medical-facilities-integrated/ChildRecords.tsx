import { useState, type ReactNode } from 'react';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Box, Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import type { ResourceDeclaration } from '../../../../domain/resource';
import { ImportButton } from '../../generic/import/ImportButton';
import { ExportButton } from '../../generic/ServerExportButton';
import { ResourceDialog, type CustomInputs } from '../../generic/ResourceDialog';
import { ConfirmVersionedDelete } from '../../generic/VersionedDeleteButton';
import { RowsView, type RowsColumn } from '../../generic/RowsDialog';
import { childResourceOf } from '../../screen-paths';
import { useLiveList } from '../../generic/LiveList';

const R = 'resources.master/medical-facilities';

/** A row action of a tab beside edit and delete (a connection's tests and credentials). */
export interface RowAction<T> {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: (row: T) => void;
  /** Shown for this row (default: every row). */
  shown?: (row: T) => boolean;
  /** A spinner in place of the icon (the test under way). */
  busy?: (row: T) => boolean;
  color?: 'primary' | 'error';
}

/** A labelled icon button of a row ('Ubah POLI UMU'): its name says which row it acts on. */
function RowButton({
  label,
  name,
  icon,
  onClick,
  disabled,
  color = 'primary',
}: {
  label: string;
  name: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error';
}) {
  return (
    <Tooltip title={label} disableInteractive>
      <span>
        <IconButton aria-label={`${label} ${name}`} onClick={onClick} disabled={disabled} color={color}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Above a tab's table: export its rows, import, add one. */
function ChildToolbar({
  decl,
  resource,
  empty,
  addLabel,
  onAdd,
}: {
  decl: ResourceDeclaration;
  resource: string;
  empty: boolean;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        alignItems: 'center',
        gap: 1,
        mb: 1,
      }}
    >
      <ExportButton
        path={`${resource}/export`}
        fileName={`${resource.replace(/\//g, '-')}.csv`}
        disabled={empty}
      />
      <ImportButton decl={decl} apiName={resource} />
      <Button startIcon={<AddIcon />} variant="contained" onClick={onAdd}>
        {addLabel}
      </Button>
    </Box>
  );
}

/** The row buttons' column: a tab's own actions, then edit and delete. */
function actionsColumnOf<T extends RaRecord>({
  label,
  rowActions,
  nameOf,
  disabled,
  wrap,
}: {
  label: string;
  rowActions: RowAction<T>[];
  nameOf: (row: T) => string;
  disabled?: boolean;
  wrap: boolean;
}): RowsColumn<T> {
  return {
    key: 'actions',
    label,
    align: 'right',
    // A tab's own actions go in rows of three beside edit and delete (not one per line on a phone).
    sx: wrap ? { width: 164, minWidth: 164 } : { whiteSpace: 'nowrap' },
    render: (row) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {rowActions
          .filter((a) => a.shown?.(row) ?? true)
          .map((a) => (
            <RowButton
              key={a.key}
              label={a.label}
              name={nameOf(row)}
              icon={a.busy?.(row) ? <CircularProgress size={18} /> : a.icon}
              onClick={() => a.onClick(row)}
              disabled={disabled}
              color={a.color}
            />
          ))}
      </Box>
    ),
  };
}

/**
 * The records of a child resource below one facility (a tab of the integrated screen): import
 * and add above the table, edit and delete on each row (with the tab's own actions first), the
 * add/edit dialog generated from the declaration and a delete that asks first; every call goes
 * through the dataProvider to /api/<facility>/<id>/<path>, each write on the version shown.
 * One page holds them all: a change someone else makes shows in place (useLiveList).
 */
export function ChildRecords<T extends RaRecord>({
  decl,
  facilityId,
  columns,
  nameOf,
  texts,
  actions = [],
  disabled,
  inputs,
  transform,
  deleteText,
  children,
}: {
  decl: ResourceDeclaration;
  facilityId: number;
  columns: RowsColumn<T>[];
  /** How a row is named in its buttons and its delete confirmation. */
  nameOf: (row: T) => string;
  texts: { add: string; empty: string; label: string };
  actions?: RowAction<T>[];
  /** Every action waits (a test under way). */
  disabled?: boolean;
  inputs?: CustomInputs;
  transform?: (values: Record<string, any>) => Record<string, any>;
  /** The delete confirmation's text of a row. */
  deleteText: (name: string) => string;
  /** Shown above the table (a test's result). */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const resource = childResourceOf(decl, facilityId);
  const { data, error, isPending, refetch } = useGetList<T>(resource, {
    pagination: { page: 1, perPage: 1000 },
    sort: decl.defaultSort,
  });
  useLiveList({ resource, page: 1, ids: [], refetch, toFirstPage: () => undefined });
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  // The tab's own actions, then edit and delete.
  const rowActions: RowAction<T>[] = [
    ...actions,
    {
      key: 'edit',
      label: translate('ra.action.edit'),
      icon: <EditIcon fontSize="small" />,
      onClick: setEditing,
    },
    {
      key: 'delete',
      label: translate('ra.action.delete'),
      icon: <DeleteIcon fontSize="small" />,
      onClick: setDeleting,
      color: 'error',
    },
  ];

  const actionsColumn = actionsColumnOf({
    label: translate(`${R}.integrated.actions`),
    rowActions,
    nameOf,
    disabled,
    wrap: actions.length > 0,
  });

  return (
    <Box>
      <ChildToolbar
        decl={decl}
        resource={resource}
        empty={!data?.length}
        addLabel={texts.add}
        onAdd={() => setEditing('new')}
      />
      {children}
      <RowsView
        label={texts.label}
        rows={data}
        isPending={isPending}
        error={error}
        texts={{ failed: translate(`${R}.errors.fetch`), empty: texts.empty }}
        columns={[...columns, actionsColumn]}
      />
      {editing && (
        <ResourceDialog
          decl={decl}
          resource={resource}
          mode={editing === 'new' ? 'create' : 'edit'}
          id={editing === 'new' ? undefined : editing.id}
          inputs={inputs}
          transform={transform}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      <ConfirmVersionedDelete
        decl={decl}
        resource={resource}
        record={deleting}
        title={translate(`${R}.integrated.delete_title`)}
        text={deleting ? deleteText(nameOf(deleting)) : ''}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
