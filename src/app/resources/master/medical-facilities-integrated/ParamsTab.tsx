import { useTranslate } from 'react-admin';
import { baseType, writableFields } from '../../../../domain/resource';
import { facilityParams } from '../../../../resources/facility-params';
import { shown } from '../../generic/ConflictPanel';
import type { RowsColumn } from '../../generic/RowsDialog';
import { ChildRecords } from './ChildRecords';

const R = 'resources.master/medical-facilities';
const P = `resources.${facilityParams.name}`;

type Param = { id: number } & Record<string, unknown>;

/** The declaration's fields a row shows: its list columns, else every writable plain field. */
const COLUMNS = (
  facilityParams.listColumns ??
  writableFields(facilityParams).filter((k) => {
    const prop = facilityParams.schema.properties![k];
    return !prop.writeOnly && !['object', 'array'].includes(baseType(prop));
  })
).filter((k) => k !== facilityParams.parent!.column);

/** The Parameters tab: the facility's parameters, add / edit / delete (spec §2, §5). */
export function ParamsTab({ facilityId }: { facilityId: number }) {
  const translate = useTranslate();
  const columns: RowsColumn<Param>[] = COLUMNS.map((k) => ({
    key: k,
    label: translate(`${P}.fields.${k}`, { _: k }),
    render: (row) => shown(row[k]),
  }));
  return (
    <ChildRecords<Param>
      decl={facilityParams}
      facilityId={facilityId}
      columns={columns}
      nameOf={(p) => `${String(p.type)} ${String(p.value)}`}
      texts={{
        add: translate(`${P}.add`),
        empty: translate(`${P}.empty`),
        label: translate(`${R}.integrated.tabs.params`),
      }}
      deleteText={(name) => translate(`${R}.integrated.delete_param`, { name })}
    />
  );
}
