import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useSaveContext, useTranslate } from 'react-admin';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import type { ResourceDeclaration } from '../../../domain/resource';

/** The record as the server holds it now, sent with a 412 (someone saved in between). */
export interface Conflict {
  message: string;
  current: Record<string, any>;
}

export const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
const same = (a: unknown, b: unknown) => shown(a) === shown(b);

/** Fields whose stored value now differs from what the form holds. */
export function changedFields(
  decl: ResourceDeclaration,
  current: Record<string, any>,
  mine: Record<string, any>,
) {
  return Object.entries(decl.schema.properties ?? {})
    .filter(([k, p]) => !p.readOnly && !p.writeOnly && k in current && !same(current[k], mine[k]))
    .map(([k]) => k);
}

/** Each changed field: its label, the stored value now, and the user's (or the one they saw). */
export function ChangedFieldsTable({
  decl,
  fields,
  theirs,
  yours,
  yoursLabel,
}: {
  decl: ResourceDeclaration;
  fields: string[];
  theirs: Record<string, any>;
  yours: Record<string, any>;
  yoursLabel: string;
}) {
  const translate = useTranslate();
  if (!fields.length) return null;
  return (
    <Table size="small" aria-label={translate('app.conflict.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.conflict.field')}</TableCell>
          <TableCell>{translate('app.conflict.theirs')}</TableCell>
          <TableCell>{translate(yoursLabel)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((k) => (
          <TableRow key={k} data-field={k}>
            <TableCell>{translate(`resources.${decl.name}.fields.${k}`, { _: k })}</TableCell>
            <TableCell data-side="theirs">{shown(theirs[k])}</TableCell>
            <TableCell data-side="yours">{shown(yours[k])}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Shown in the edit dialog when the save was refused because the record changed since it was
 * opened: each field that differs, with the stored value beside the user's, then 'Muat ulang'
 * (take the stored record into the form) or 'Simpan tetap' (save the form over it, knowingly).
 */
export function ConflictPanel({
  decl,
  conflict,
  onResolved,
}: {
  decl: ResourceDeclaration;
  conflict: Conflict;
  onResolved: () => void;
}) {
  const translate = useTranslate();
  const form = useFormContext();
  const { save } = useSaveContext();
  const mine = form.getValues();
  // The save button is at the foot of a long form: bring the conflict into view and focus.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    ref.current?.focus();
  }, [conflict]);
  const fields = changedFields(decl, conflict.current, mine);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="warning"
      role="alert"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>{translate('app.conflict.title')}</AlertTitle>
      {conflict.message}
      <Box sx={{ overflowX: 'auto', my: 1 }}>
        <ChangedFieldsTable
          decl={decl}
          fields={fields}
          theirs={conflict.current}
          yours={mine}
          yoursLabel="app.conflict.yours"
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => {
            form.reset(conflict.current);
            onResolved();
          }}
        >
          {translate('app.conflict.reload')}
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onResolved();
            void save?.({ ...form.getValues(), version: conflict.current.version });
          }}
        >
          {translate('app.conflict.overwrite')}
        </Button>
      </Box>
    </Alert>
  );
}
