import { useEffect, useState } from 'react';
import { autoMap, isCsv, isXlsx, readCsvHeader, type ColumnMapping, type FieldChoice } from './headers';
import { isActive, startImport, type ImportJob, type OnError } from './importApi';

/** What the dialog tells the user about the file, its header or the start of a job. */
export type FormProblem =
  { key: 'wrong_type' | 'no_columns' } | { key: 'read_failed' | 'start_failed'; message: string };

/**
 * The dialog's choices: the file, its columns and the field each fills, skip or stop on bad
 * rows; and the two ways to send it, a check (dry run) or the import. A CSV's header is read
 * here; an XLSX's comes back from a first check the server runs with its own matching.
 */
export function useImportForm({
  apiName,
  choices,
  job,
  follow,
}: {
  apiName: string;
  choices: FieldChoice[];
  job: ImportJob | undefined;
  follow: (id: string | number | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [onError, setOnError] = useState<OnError>('skip');
  const [reading, setReading] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  // Columns only the server could read (an XLSX), or a job found again without its file: as
  // the job matched them.
  useEffect(() => {
    if (mapping || !job?.columns?.length) return;
    const matched = new Map((job.fields ?? []).map((f) => [f.column, f.field]));
    setMapping(Object.fromEntries(job.columns.map((c) => [c, matched.get(c) ?? ''])));
  }, [job, mapping]);

  const send = async (sent: File, dryRun: boolean, columns: ColumnMapping | null) => {
    setStarting(true);
    setProblem(null);
    try {
      const started = await startImport(apiName, sent, {
        dryRun,
        onError,
        mapping: columns ?? undefined,
      });
      follow(started.id);
    } catch (err) {
      setProblem({ key: 'start_failed', message: (err as Error).message });
    } finally {
      setStarting(false);
    }
  };

  const pick = async (picked: File) => {
    setProblem(null);
    if (!isCsv(picked) && !isXlsx(picked)) return setProblem({ key: 'wrong_type' });
    follow(null);
    setFile(picked);
    setMapping(null);
    if (isXlsx(picked)) return send(picked, true, null);
    setReading(true);
    try {
      const { columns } = await readCsvHeader(picked);
      if (!columns.length) setProblem({ key: 'no_columns' });
      else setMapping(autoMap(columns, choices));
    } catch (err) {
      setProblem({ key: 'read_failed', message: (err as Error).message });
    } finally {
      setReading(false);
    }
  };

  const busy = reading || starting || isActive(job);
  const ready = !!file && !!mapping && Object.values(mapping).some(Boolean) && !busy;
  return {
    file,
    mapping,
    setMapping,
    onError,
    setOnError,
    reading,
    starting,
    busy,
    problem,
    setProblem,
    pick,
    refuse: () => setProblem({ key: 'wrong_type' }),
    check: () => ready && send(file!, true, mapping),
    start: () => ready && send(file!, false, mapping),
    ready,
  };
}
