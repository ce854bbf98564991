import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { i18nProvider } from '../../src/app/providers/i18nProvider';
import { SchemaInput } from '../../src/app/resources/generic/SchemaInput';
import { schemaValidator } from '../../src/app/resources/generic/formValidation';
import { simulatorDoctors } from '../../src/resources/simulator-doctors';
import type { ResourceDeclaration } from '../../src/domain/resource';

afterEach(cleanup);

/** A generated dialog's form with one field of a declared resource, checked as the dialog checks it. */
function renderField(decl: ResourceDeclaration, field: string, record: Record<string, unknown>) {
  const onSubmit = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form record={record} onSubmit={onSubmit} validate={schemaValidator(decl, true)}>
        <SchemaInput decl={decl} field={field} editing />
        <button type="submit">Kirim</button>
      </Form>
    </AdminContext>,
  );
  return onSubmit;
}

describe("a declared entity's JSON field in the generated dialog", () => {
  it("is the form of its schema: a doctor's work schedule by day, raw JSON on the switch", async () => {
    const onSubmit = renderField(simulatorDoctors, 'work_schedule', {
      id: 1,
      name: 'dr. Ani',
      work_schedule: { senin: { start: '08:00', end: '12:00' } },
    });
    // The schema's titles and the stored value, in the form's inputs.
    await screen.findByText('Senin');
    expect(screen.getAllByDisplayValue('08:00')).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('JSON mentah'));
    const text = screen.getByLabelText('Jadwal Praktik (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(text.value)).toEqual({ senin: { start: '08:00', end: '12:00' } });
    fireEvent.change(text, { target: { value: '{"senin": ' } });
    await screen.findByText('JSON tidak valid');
    fireEvent.click(screen.getByText('Kirim'));
    await waitFor(() => expect(screen.getAllByText('JSON tidak valid').length).toBeGreaterThan(0));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is its JSON text only when its schema names no properties or items', async () => {
    const decl = {
      name: 'test/free-json',
      schema: { type: 'object', properties: { meta: { type: ['object', 'null'] } } },
    } as unknown as ResourceDeclaration;
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Form record={{ id: 1, meta: { a: 1 } }} onSubmit={() => undefined}>
          <SchemaInput decl={decl} field="meta" editing />
        </Form>
      </AdminContext>,
    );
    const text = (await screen.findByRole('textbox')) as HTMLTextAreaElement;
    expect(JSON.parse(text.value)).toEqual({ a: 1 });
    expect(screen.queryByLabelText('JSON mentah')).toBeNull();
    fireEvent.change(text, { target: { value: '[1, 2]' } });
    await screen.findByText('Harus berupa objek JSON ({ ... })');
  });
});

describe('an optional JSON object left empty in a new record', () => {
  /** The add dialog's form of a doctor: no work schedule typed. */
  function renderNew() {
    const onSubmit = vi.fn();
    const others = {
      nip: '198001012010011001',
      name: 'dr. Ani',
      specialization: 'Dokter Umum',
      medical_facility_id: 1,
    };
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Form
          onSubmit={onSubmit}
          defaultValues={others}
          validate={schemaValidator(simulatorDoctors, false)}
          // As the dialog: the schema's checks, not the browser's.
          noValidate
        >
          <SchemaInput decl={simulatorDoctors} field="work_schedule" editing={false} />
          <button type="submit">Kirim</button>
        </Form>
      </AdminContext>,
    );
    return onSubmit;
  }

  it('opens as the form of its schema, raw JSON only on the switch', async () => {
    renderNew();
    await screen.findByText('Senin');
    expect((screen.getByLabelText('JSON mentah') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('Jadwal Praktik (JSON)')).toBeNull();
  });

  it('saves without a value for it (omitted or null), not as a text the server refuses', async () => {
    const onSubmit = renderNew();
    await screen.findByText('Senin');
    fireEvent.click(screen.getByText('Kirim'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // What the dialog sends: no work schedule at all (a text '' is refused by the server).
    const sent = JSON.parse(JSON.stringify(onSubmit.mock.calls[0][0]));
    expect(sent.work_schedule ?? null).toBeNull();
  });
});
