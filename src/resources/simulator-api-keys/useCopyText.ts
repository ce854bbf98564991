import { useNotify, useTranslate } from 'react-admin';
import { R } from './textKeys';

/** Copies a text (or one fetched first) to the clipboard and says so; a failure is notified. */
export function useCopyText() {
  const translate = useTranslate();
  const notify = useNotify();
  return async (text: string | (() => Promise<string>)) => {
    try {
      await navigator.clipboard.writeText(typeof text === 'string' ? text : await text());
      notify(translate(`${R}.actions.copied`), { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
}
